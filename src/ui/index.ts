/**
 * EstateDesk UI kit: goober-styled, accessible primitives shared by every widget.
 * Importing it has no side effects; styles are written on first render into
 * `<style id="estatedesk-styles">`.
 *
 * @example
 * import { Button, Modal, DataTable, rootClass, themeVariables } from '../ui';
 */
export { css, cx, flushStyles, keyframes, lazyStyles, insertStaticCss, setStyleNonce, setStyleTarget, addStyleTarget, getStyleText, STYLE_ELEMENT_ID } from './css';
export { THEME_DEFAULTS, themeVariables, v, tint, shade, type ThemeToken, type ThemeOverrides } from './theme';
export { rootClass, resetCss, ROOT_CLASS } from './rootClass';
export { UI_TEXT } from './labels';
export { visuallyHidden } from './visuallyHidden';
export { Icon, type IconName, type IconProps } from './Icon';

export { Button, buttonStyles, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { IconButton, type IconButtonProps } from './IconButton';
export { Spinner, type SpinnerProps } from './Spinner';

export { Field, RequiredMark, type FieldProps, type FieldBaseProps, type FieldControlProps } from './Field';
export { TextField, type TextFieldProps } from './TextField';
export { TextArea, type TextAreaProps } from './TextArea';
export { SelectField, normaliseOptions, type SelectFieldProps, type SelectOption } from './SelectField';
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { FileField, describeFiles, type FileFieldProps } from './FileField';
export { NumberField, type NumberFieldProps } from './NumberField';
export { sanitiseNumberInput, commitNumberInput, isBlockedNumberKey, type NumberRules } from './numberInput';
export { FormGrid, type FormGridProps } from './FormGrid';
export { FormSection, type FormSectionProps } from './FormSection';
export { FormActions, type FormActionsProps } from './FormActions';
export { Form, useFormContext, type FormProps } from './Form';
export { FormSubmit, type FormSubmitProps } from './FormSubmit';
export { useForm, type UseFormOptions, type FormApi, type FieldBinding, type CheckBinding, type FormFailure } from './useForm';
export { firstMessages, hasErrors, serverFieldErrors, type FieldErrors, type Validation } from './formErrors';
export { validateWith, schemaValidator } from './schemaValidator';

export { OverlayLayer, setOverlayContainer, getOverlayContainer, useOverlayContainer, OVERLAY_CONTAINER_ID, type OverlayLayerProps } from './OverlayLayer';
export { Modal, type ModalProps } from './Modal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Menu, type MenuItem, type MenuProps } from './Menu';
export { Toasts, type ToastsProps, type ToastView, type ToastKind } from './Toasts';

export {
  DataTable,
  dataTableColumns,
  type DataTableProps,
  type DataTableCellContext,
  type DataTableColumn,
  type DataTableColumnHelper,
  type DataTableColumnMeta,
} from './DataTable';
export { CardTable, type CardTableProps, type TableCards } from './CardTable';
export { Pager, type PagerProps } from './Pager';
export { pageItems, type PageItem } from './pageItems';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { rovingIndex } from './rovingIndex';

export { Card, type CardProps } from './Card';
export { Badge, BADGE_PALETTE, type BadgeProps, type BadgeColour } from './Badge';
export { Gauge, type GaugeProps } from './Gauge';
export { gaugeArc, type GaugeArc } from './gaugeArc';
export { Sparkline, type SparklineProps } from './Sparkline';
export { sparklinePoints, sparklineTrend } from './sparklinePoints';
export { Chart, CHART_COLOURS, type ChartProps, type ChartType, type ChartDataset, type ChartModule } from './Chart';
export { Avatar, type AvatarProps } from './Avatar';
export { initials } from './initials';
export { LoadingState, type LoadingStateProps } from './LoadingState';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { ResourcePage, ResourceList, type ResourcePageProps, type ResourceListProps } from './ResourcePage';
export { FormModal, type FormModalProps } from './FormModal';
export { DeleteDialog, type DeleteDialogProps } from './DeleteDialog';
export { useLazyModal, type LazyModal } from './useLazyModal';
