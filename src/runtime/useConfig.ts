/**
 * The resolved configuration of the runtime in context.
 */
import type { EstateDeskConfig } from '../core';
import { useRuntime } from './useRuntime';

/**
 * The runtime's configuration (API base, image prefix, locale, ...).
 *
 * @example
 * const config = useConfig();
 * <img src={imageUrl(config, property.property_cover_image)} />
 */
export function useConfig(): EstateDeskConfig {
  return useRuntime('useConfig').config;
}
