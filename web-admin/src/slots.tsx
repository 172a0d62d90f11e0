// Slots for the AI tools the admin screens open (built with the AI issue under ./ai/). Each
// slot renders that component when it is registered, and nothing otherwise.
import type { ComponentType } from 'react';

export interface AiSlots {
  /** per game card: generates a social post and copies it ('Post copied to clipboard!') */
  SocialPostButton?: ComponentType<{ gameId: string }>;
  /** Risk Management: 'Get AI Summary' opening the 'AI Risk Summary' modal */
  RiskSummaryButton?: ComponentType<{ gameId: string }>;
  /** Dashboard, Marketing Tools: opens the social media campaign generator */
  CampaignButton?: ComponentType;
}

export const aiSlots: AiSlots = {};

/** Called by ./ai/ to plug its components in. */
export function registerAiSlots(slots: AiSlots) {
  Object.assign(aiSlots, slots);
}
