import type { CompanyRow } from '../../db/schema.ts';
import { logoUrlOf } from '../files/logo-files.ts';
import type { ChallengeSummaryRow } from './companies.repository.ts';
import type { CompanyProfile } from './companies.schemas.ts';

export function toCompanyProfile(row: CompanyRow, challenges: ChallengeSummaryRow[]): CompanyProfile {
  return {
    id: row.id,
    user_id: row.user_id,
    company_name: row.company_name,
    industry: row.industry,
    website: row.website,
    description: row.description,
    logo_url: logoUrlOf(row.logo_storage_key),
    challenges_count: challenges.length,
    created_at: row.created_at,
    updated_at: row.updated_at,
    challenges: challenges.map((challenge) => ({
      id: challenge.id,
      title: challenge.title,
      status: challenge.status,
      challenge_type: challenge.challenge_type,
      score: challenge.score,
      complexity_level: challenge.complexity_level,
      created_at: challenge.created_at,
    })),
  };
}
