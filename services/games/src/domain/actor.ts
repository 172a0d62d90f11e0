/** who did it: an admin from the access token, or the service itself */
export interface Actor {
  id: string;
  username?: string | null;
}
