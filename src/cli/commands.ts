import type { Db } from '../db/database.ts';
import type { AccountType } from '../db/schema.ts';
import { createToken, forgetTokensOfUser, revokeAllTokens } from '../modules/auth/tokens.service.ts';
import { findUserByEmail, setUserActive } from '../modules/users/users.repository.ts';
import { createAccount } from '../modules/users/users.service.ts';
import { CommandFailure, UsageError } from './cli-errors.ts';
import type { Command, OptionSpec } from './command.ts';
import { jobsCommands } from './jobs-commands.ts';
import { mailCommands } from './mail-commands.ts';
import { reanalysisCommands } from './reanalysis-commands.ts';
import { storageCommands } from './storage-commands.ts';

const DEFAULT_TOKEN_LABEL = 'cli';
const MAX_TOKEN_LABEL_LENGTH = 255;

const emailOption: OptionSpec = { type: 'string', value: 'EMAIL', required: true, description: "The user's email." };

async function requireUser(db: Db, email: string) {
  const user = await findUserByEmail(db, email.trim());
  if (!user) throw new CommandFailure(`No user has the email ${email.trim()}.`);
  return user;
}

function setActiveCommand(active: boolean): Command {
  const verb = active ? 'activate' : 'deactivate';
  return {
    summary: active
      ? 'Let a deactivated user sign in again; their existing tokens work again.'
      : 'Block a user: every token of theirs answers 401 until the user is activated again.',
    options: { email: emailOption },
    examples: [`guild user:${verb} --email ops@acme.test`],
    async run({ db, print }, options) {
      const user = await requireUser(db, options.email as string);
      if ((user.is_active === 1) === active) {
        print(`${user.email} is already ${active ? 'active' : 'deactivated'}; nothing changed.`);
        return;
      }
      await setUserActive(db, user.id, active, new Date().toISOString());
      // Running servers cache tokens for a short time: a deactivated user's must stop working at once.
      if (!active) await forgetTokensOfUser(db, user.id);
      print(
        active
          ? `Activated ${user.email} (#${user.id}).`
          : `Deactivated ${user.email} (#${user.id}); their tokens now answer 401.`,
      );
    },
  };
}

/**
 * The command table. Adding a command is adding an entry: the runner parses options, shows help and checks
 * required options from these specs.
 */
export const commands: Record<string, Command> = {
  migrate: {
    summary: 'Bring the configured database up to the latest schema (safe to run again).',
    options: {},
    examples: ['guild migrate', 'DATABASE_URL=postgres://guild@db/guild guild migrate'],
    async run({ db, dialect, print }) {
      // The migrations are loaded only when migrating, so that help and other commands start fast.
      const { migrateToLatest } = await import('../db/migrator.ts');
      const { results = [] } = await migrateToLatest(db, dialect);
      if (results.length === 0) print(`The ${dialect} database is already up to date.`);
      for (const result of results) print(`Applied migration ${result.migrationName}.`);
    },
  },

  'user:create': {
    summary: 'Create a company or contributor account (e.g. a service account for an integration).',
    options: {
      type: { type: 'string', value: 'company|contributor', required: true, description: 'The account type.' },
      email: { type: 'string', value: 'EMAIL', required: true, description: 'Sign-in email; must be unused.' },
      name: { type: 'string', value: 'NAME', required: true, description: 'Display name.' },
      password: {
        type: 'string',
        value: 'PASSWORD',
        description: 'At least 8 characters, not a common password, not containing the email or name.',
      },
      'password-stdin': {
        type: 'boolean',
        description: 'Read the password from the first line of standard input (keeps it out of shell history).',
      },
    },
    exactlyOneOf: [['password', 'password-stdin']],
    examples: [
      'guild user:create --type company --email ops@acme.test --name "Acme integration" --password-stdin < secret.txt',
    ],
    async run({ db, print, readLine }, options) {
      const password = options['password-stdin'] ? await readLine() : (options.password as string);
      const user = await createAccount(db, {
        accountType: options.type as AccountType,
        email: options.email as string,
        name: options.name as string,
        password,
      });
      print(`Created ${user.account_type} account #${user.id} for ${user.email}.`);
    },
  },

  'token:create': {
    summary: 'Create a personal access token for a user; the token is printed once, alone on the last line.',
    options: {
      email: emailOption,
      name: {
        type: 'string',
        value: 'LABEL',
        description: `A label saying where the token is used (default "${DEFAULT_TOKEN_LABEL}").`,
      },
    },
    examples: [
      'guild token:create --email ops@acme.test --name crm-sync',
      'TOKEN=$(guild token:create --email ops@acme.test | tail -n 1)',
    ],
    async run({ db, config, print }, options) {
      const label = ((options.name as string | undefined) ?? DEFAULT_TOKEN_LABEL).trim();
      if (label === '' || [...label].length > MAX_TOKEN_LABEL_LENGTH) {
        throw new UsageError(`The token label must be 1 to ${MAX_TOKEN_LABEL_LENGTH} characters.`);
      }
      const user = await requireUser(db, options.email as string);
      if (user.is_active !== 1) {
        throw new CommandFailure(
          `${user.email} is deactivated, so a token would be refused; run "guild user:activate --email ${user.email}" first.`,
        );
      }
      const now = new Date();
      const token = await createToken(db, user.id, label, config.tokenTtlSeconds, now);
      const ttl = config.tokenTtlSeconds;
      const expiry =
        ttl === null ? 'does not expire' : `expires at ${new Date(now.getTime() + ttl * 1000).toISOString()}`;
      print(`Token "${label}" for ${user.email} (#${user.id}) ${expiry}. Store it now; it is not shown again:`);
      print(token);
    },
  },

  'token:revoke': {
    summary: 'Revoke every token of a user (as POST /api/auth/logout does), e.g. after a token leaked.',
    options: { email: emailOption },
    examples: ['guild token:revoke --email ops@acme.test'],
    async run({ db, print }, options) {
      const user = await requireUser(db, options.email as string);
      const count = await revokeAllTokens(db, user.id);
      print(`Revoked ${count} token${count === 1 ? '' : 's'} of ${user.email}.`);
    },
  },

  'user:deactivate': setActiveCommand(false),
  'user:activate': setActiveCommand(true),

  ...jobsCommands,
  ...reanalysisCommands,
  ...mailCommands,
  ...storageCommands,
};
