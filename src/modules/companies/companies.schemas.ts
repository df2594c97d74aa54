import { type Static, Type } from 'typebox';
import { HttpUrl, Nullable, Timestamp } from '../../http/schemas.ts';

const ChallengeSummary = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    status: Type.String(),
    challenge_type: Nullable(Type.String()),
    score: Nullable(Type.Integer()),
    complexity_level: Nullable(Type.Integer()),
    created_at: Timestamp,
  },
  { $id: 'CompanyChallenge' },
);

export const CompanyProfile = Type.Object(
  {
    id: Type.Integer(),
    user_id: Type.Integer(),
    company_name: Type.String(),
    industry: Nullable(Type.String()),
    website: Nullable(Type.String()),
    description: Nullable(Type.String()),
    logo_url: Nullable(
      Type.String({
        description:
          'Path of the logo on this service, e.g. /files/logos/<name>.png: relative to the API origin, public, cacheable',
      }),
    ),
    challenges_count: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
    challenges: Type.Optional(Type.Array(ChallengeSummary, { description: 'On the profile read: newest first' })),
  },
  { $id: 'CompanyProfile' },
);
export type CompanyProfile = Static<typeof CompanyProfile>;

const CompanyName = Type.String({ maxLength: 255 });
const Industry = Nullable(Type.String({ maxLength: 255 }));
const Website = Nullable(HttpUrl);
const Description = Nullable(Type.String({ maxLength: 2000 }));
/**
 * The logo itself travels as a multipart file part named `logo`; as a plain field it may only be null (or empty),
 * which on PUT removes the current logo.
 */
const LogoRemoval = Type.Null({ description: 'null removes the logo; a new logo is sent as a multipart file' });

export const CompleteCompanyProfileBody = Type.Object(
  {
    company_name: CompanyName,
    industry: Type.Optional(Industry),
    website: Type.Optional(Website),
    description: Type.Optional(Description),
    logo: Type.Optional(LogoRemoval),
  },
  { $id: 'CompleteCompanyProfileBody' },
);
export type CompleteCompanyProfileBody = Static<typeof CompleteCompanyProfileBody>;

/** The same fields as complete-profile, all optional (docs/contract.md §4). */
export const UpdateCompanyProfileBody = Type.Partial(CompleteCompanyProfileBody, { $id: 'UpdateCompanyProfileBody' });
export type UpdateCompanyProfileBody = Static<typeof UpdateCompanyProfileBody>;
