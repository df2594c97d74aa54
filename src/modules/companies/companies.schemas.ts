import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';

export const ChallengeSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.String(),
  challenge_type: Nullable(Type.String()),
  score: Nullable(Type.Integer()),
  complexity_level: Nullable(Type.Integer()),
  created_at: Timestamp,
});

export const CompanyProfile = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  company_name: Type.String(),
  industry: Nullable(Type.String()),
  website: Nullable(Type.String()),
  description: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  challenges_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
  challenges: Type.Optional(Type.Array(ChallengeSummary, { description: 'On the profile read: newest first' })),
});
export type CompanyProfile = Static<typeof CompanyProfile>;
