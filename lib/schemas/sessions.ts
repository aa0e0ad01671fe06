/** One live sign-in as GET /api/users/sessions answers it (the contract of issue 64). */
export type SessionJson = {
  id: string;
  /** Whether this is the session asking. */
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  address: string;
};
