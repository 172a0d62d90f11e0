// One renderer of AI text for both remotes: the shell's shared UI.
export { AiText } from '@bet/web-shell/ui';
