/** Spec §7 user list / team list entry as the API sends it. */
export type UserRow = {
  id: string;
  fullName: string;
  email: string;
  role: string;
  isActive: boolean;
  createdAt: string;
};

export type UserStats = { total: number; active: number; inactive: number };

/** GET /api/users/seats: limit -1 means unlimited. */
export type SeatSummary = { plan: string; used: number; pending: number; limit: number };
