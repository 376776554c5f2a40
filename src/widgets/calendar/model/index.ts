/** The calendar's pure model (no React, no DOM); the screen imports from here. */
export * from './appointment';
export * from './calendarDate';
export * from './zonedTime';
export * from './dayBoundaries';
export * from './dayRuler';
export * from './daySegments';
export * from './columnLayout';
export * from './monthGrid';
export * from './timeGrid';
export * from './agenda';
export * from './viewRange';
export * from './rangeTitle';
export * from './clashes';
export * from './dragMath';
export * from './keyboardMove';
export * from './filters';
