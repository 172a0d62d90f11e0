// The AI tools of the admin screens, plugged into the slots the pages render (../slots.tsx).
import { registerAiSlots } from '../slots';
import { CampaignButton } from './CampaignButton';
import { RiskSummaryButton } from './RiskSummaryButton';
import { SocialPostButton } from './SocialPostButton';

registerAiSlots({ SocialPostButton, RiskSummaryButton, CampaignButton });

export { CampaignButton, RiskSummaryButton, SocialPostButton };
