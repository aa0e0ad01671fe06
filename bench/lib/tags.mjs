// The tags every benchmark organisation has (bench/seed.mjs puts them on about half of its
// tickets, each on a few percent); `list:tag` filters the list by one of them.
export const BENCH_TAGS = [
  "billing",
  "bug",
  "feature-request",
  "vip",
  "refund",
  "login",
  "mobile",
  "api",
  "follow-up",
  "churn-risk",
  "onboarding",
  "security",
];
