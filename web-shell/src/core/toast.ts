// The one toast channel of the page. Remotes import `toast` from the shared core, never from sonner,
// so every toast lands in the shell's <Toaster/>.
export { Toaster, toast } from 'sonner';
