// One organisation's records, as the reference page shows them in its examples: the same ticket,
// agent and group wherever a call names them, so the examples read as one help desk.

export const EXAMPLE_IDS = {
  organization: "0193a0c1-2b3d-7e4f-8a5b-6c7d8e9f0a1b",
  ticket: "0193f6a2-5c4e-7d21-9b1a-3e5f7c9d1b2a",
  agent: "0193a0c1-4f2e-7a3b-9c4d-5e6f7a8b9c0d",
  group: "0193a0c2-1a2b-7c3d-8e4f-9a0b1c2d3e4f",
  policy: "0193a0c3-7b8c-7d9e-8f0a-1b2c3d4e5f6a",
  reply: "0193f6a9-0c1d-7e2f-9a3b-4c5d6e7f8a9b",
  attachment: "0193f6a2-6d7e-7f80-9a1b-2c3d4e5f6a7b",
  tag: "0193a0c4-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
  macro: "0193a0c5-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
  rating: "0193f7b1-8f9a-7b0c-8d1e-2f3a4b5c6d7e",
} as const;

export const EXAMPLE_CUSTOMER = { name: "Dana Whitfield", email: "dana@northwind.example" } as const;
export const EXAMPLE_AGENT = { fullName: "Sam Agent", email: "sam@acme.example" } as const;
export const EXAMPLE_GROUP = { id: EXAMPLE_IDS.group, name: "Billing" } as const;
