// Page-wide rules (box-sizing, body, reduced motion) are opt-in: '@fantasy-cricket/ui/global.css'.
// Theme (its stylesheet: the theme classes and their base colours)
export { vars, lightTheme, lightColors, darkTheme, darkColors, breakpoints, media, sharedTokens } from './theme';
export type { Vars, SpaceToken, Breakpoint } from './theme';

// Actions and feedback
export { Button, buttonVariants, buttonSizes } from './components/Button/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button/Button';
export { Icon } from './components/Icon/Icon';
export type { IconProps } from './components/Icon/Icon';
export { Spinner, spinnerSizes } from './components/Spinner/Spinner';
export type { SpinnerProps, SpinnerSize } from './components/Spinner/Spinner';
export { NotificationBanner, notificationKinds } from './components/NotificationBanner/NotificationBanner';
export type {
  NotificationBannerProps,
  Notification,
  NotificationKind,
} from './components/NotificationBanner/NotificationBanner';
export { LoadingOverlay, DEFAULT_LOADING_TEXT } from './components/LoadingOverlay/LoadingOverlay';
export type { LoadingOverlayProps } from './components/LoadingOverlay/LoadingOverlay';
export { QueryState, queryStatuses } from './components/QueryState/QueryState';
export type { QueryStateProps, QueryStatus } from './components/QueryState/QueryState';
export { Tooltip, tooltipSides } from './components/Tooltip/Tooltip';
export type { TooltipProps, TooltipSide } from './components/Tooltip/Tooltip';
export { Toggletip, toggletipSides } from './components/Toggletip/Toggletip';
export type { ToggletipProps, ToggletipSide } from './components/Toggletip/Toggletip';

// Forms
export { TextField } from './components/TextField/TextField';
export type { TextFieldProps } from './components/TextField/TextField';
export { TextArea } from './components/TextArea/TextArea';
export type { TextAreaProps } from './components/TextArea/TextArea';
export { Checkbox } from './components/Checkbox/Checkbox';
export type { CheckboxProps } from './components/Checkbox/Checkbox';
export { Select } from './components/Select/Select';
export type { SelectProps, SelectOption } from './components/Select/Select';
export { FormErrorSummary } from './components/FormErrorSummary/FormErrorSummary';
export type { FormErrorSummaryProps } from './components/FormErrorSummary/FormErrorSummary';
export { FormStatus, formStatusKinds } from './components/FormStatus/FormStatus';
export type { FormStatusProps, FormStatusKind } from './components/FormStatus/FormStatus';

// Dialogs
export { Modal, modalSizes } from './components/Modal/Modal';
export type { ModalProps, ModalSize } from './components/Modal/Modal';
export { ConfirmDialog, confirmDialogTones } from './components/ConfirmDialog/ConfirmDialog';
export type { ConfirmDialogProps, ConfirmDialogTone } from './components/ConfirmDialog/ConfirmDialog';
export { PdfViewerModal } from './components/PdfViewerModal/PdfViewerModal';
export type { PdfViewerModalProps } from './components/PdfViewerModal/PdfViewerModal';

// Search and content
export { Highlight, escapeRegExp, splitByQuery } from './components/Highlight/Highlight';
export type { HighlightProps } from './components/Highlight/Highlight';
export { FaqItem } from './components/FaqItem/FaqItem';
export type { FaqItemProps } from './components/FaqItem/FaqItem';
export { AdSlot } from './components/AdSlot/AdSlot';
export type { AdSlotProps } from './components/AdSlot/AdSlot';
export {
  DataTable,
  dataTableFeatures,
  dataTableRowTones,
  dataTableNarrowRoles,
  dataTableStackBelow,
  createDataTableColumnHelper,
} from './components/DataTable/DataTable';
export type {
  DataTableProps,
  DataTableColumn,
  DataTableColumnMeta,
  DataTableFeatures,
  DataTableRowProps,
  DataTableRowTone,
  DataTableSorting,
  DataTableNarrowRole,
  DataTableStackBelow,
} from './components/DataTable/DataTable';

// Navigation
export { Stepper, stepStates } from './components/Stepper/Stepper';
export type { StepperProps, StepState } from './components/Stepper/Stepper';

// App shell
export { AppShell } from './components/AppShell/AppShell';
export type { AppShellProps } from './components/AppShell/AppShell';
export { Header } from './components/Header/Header';
export type { HeaderProps } from './components/Header/Header';
export { Sidebar } from './components/Sidebar/Sidebar';
export type { SidebarProps } from './components/Sidebar/Sidebar';
export { SidebarLink } from './components/SidebarLink/SidebarLink';
export type { SidebarLinkProps } from './components/SidebarLink/SidebarLink';
export { Footer } from './components/Footer/Footer';
export type { FooterProps } from './components/Footer/Footer';
export { Logo, logoSizes } from './components/Logo/Logo';
export type { LogoProps, LogoSize } from './components/Logo/Logo';

// Layout and typography
export { Card } from './components/Card/Card';
export type { CardProps } from './components/Card/Card';
export { Stack, stackDirections, stackAlignments, stackJustifications } from './components/Stack/Stack';
export type { StackProps, StackDirection, StackAlignment, StackJustification } from './components/Stack/Stack';
export {
  Columns,
  Column,
  columnsAlignments,
  columnsVerticalAlignments,
  columnsCollapseBelow,
  columnWidths,
} from './components/Columns/Columns';
export type {
  ColumnsProps,
  ColumnProps,
  ColumnsAlignment,
  ColumnsVerticalAlignment,
  ColumnWidth,
} from './components/Columns/Columns';
export type { ResponsiveValue } from './components/_internal/responsive';
export { Heading, headingLevels } from './components/Heading/Heading';
export type { HeadingProps, HeadingLevel } from './components/Heading/Heading';
export { Text, textTones, textSizes, textWeights } from './components/Text/Text';
export type { TextProps, TextTone, TextSize, TextWeight } from './components/Text/Text';
export { TextLink } from './components/TextLink/TextLink';
export type { TextLinkProps } from './components/TextLink/TextLink';
