// Building blocks both remotes use (shared source, not a runtime singleton: they hold no state
// of their own, and use the shell core's API client through '@bet/web-shell/core').
import './ui.css';

export { AiText } from './AiText';
export {
  EmptyState,
  ErrorText,
  FormField,
  Pagination,
  Spinner,
  type TabItem,
  Tabs,
  tabId,
  useDebounced,
} from './bits';
export { type ConfirmOptions, useConfirm } from './ConfirmDialog';
export { type Column, DataTable } from './DataTable';
export { Modal, type ModalProps } from './Modal';
export { Table, type TableColumn } from './Table';
export { ThemeToggle } from './ThemeToggle';
export { TiersTable } from './TiersTable';
export { type ApiState, useApi } from './useApi';
