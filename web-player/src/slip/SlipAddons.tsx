import { SlipTools } from '../ai/SlipTools';

/**
 * The slot at the foot of the bet slip where extra slip tools plug in (the AI slip analysis and
 * suggestions). Render them here so the slip's own layout stays untouched.
 */
export function SlipAddons() {
  return <SlipTools />;
}
