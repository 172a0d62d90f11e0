// The one accessible dialog of the site (a bottom sheet on a phone when asked): the shell's.
export { Modal, type ModalProps } from '@bet/web-shell/ui';
