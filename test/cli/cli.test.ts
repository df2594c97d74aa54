import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { commands } from '../../src/cli/commands.ts';
import { verifyPassword } from '../../src/modules/auth/passwords.ts';
import { apiClient } from '../helpers/client.ts';
import { testDialects } from '../helpers/context.ts';
import { type CliWorld, createCliWorld, findOlderNode, guildWith, lastLine, ROOT, runProcess } from './cli-harness.ts';

const TOKEN = /^\d+\|[A-Za-z0-9_-]{40,}$/;
const USAGE = 2;
const FAILURE = 1;

// The command line itself: nothing here depends on the database engine, so it runs once.
describe('guild command line: usage and help', () => {
  let dataDir: string;
  let guild: ReturnType<typeof guildWith>;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-cli-usage-'));
    guild = guildWith({ PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir });
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers a wrong command line with a message on stderr and exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Usage: guild <command>/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['help', 'frobnicate'], /unknown command "frobnicate"/],
      [['token:create'], /The option --email is required\./],
      [['token:create', '--email'], /argument missing/],
      [['token:create', '--email', 'a@b.test', '--colour', 'red'], /Unknown option '--colour'/],
      [['token:create', '--email', 'a@b.test', 'extra'], /Unexpected argument 'extra'/],
      [['token:create', '--email', 'someone@example.test', '--name', ' '], /label must be 1 to 255/],
      [['user:create', '--type', 'company', '--email', 'x@y.test', '--name', 'X'], /Give --password or/],
      [['jobs:retry'], /Give --id or --all\./],
      [['jobs:retry', '--id', '1', '--all'], /Give only one of --id or --all\./],
      [['jobs:retry', '--id', '-3'], /ambiguous/],
      [['jobs:retry', '--id=1.5'], /positive integer/],
    ];
    for (const [args, message] of cases) {
      const result = await guild(args);
      assert.equal(result.code, USAGE, args.join(' '));
      assert.match(result.stderr, message, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
    }
  });

  it('shows help for the whole tool and for each command', async () => {
    const general = await guild(['--help']);
    assert.equal(general.code, 0);
    for (const command of Object.keys(commands)) {
      assert.match(general.stdout, new RegExp(`^  ${command} `, 'm'));
      const help = await guild([command, '--help']);
      assert.equal(help.code, 0, command);
      assert.match(help.stdout, new RegExp(`^Usage: guild ${command}`), command);
    }
    for (const args of [
      ['help', 'jobs:retry'],
      ['jobs:retry', '-h'],
    ]) {
      assert.match((await guild(args)).stdout, /^Usage: guild jobs:retry \(--id ID \| --all\)$/m);
    }
  });
});

for (const dialect of testDialects()) {
  describe(`guild command line [${dialect}]`, () => {
    let world: CliWorld;
    before(async () => {
      world = await createCliWorld(dialect);
    });
    after(() => world.close());

    const userStatus = async (token: string) => (await apiClient(world.app, token).get('/api/user')).statusCode;
    const createUser = (email: string, type = 'company') =>
      world.guild(['user:create', '--type', type, '--email', email, '--name', 'Service', '--password', 'secret-pass']);

    // Runs first, on the fresh database the world starts with.
    it('points to "guild migrate" when the database has no tables yet', async () => {
      const result = await world.guild(['token:create', '--email', 'nobody@example.test']);
      assert.equal(result.code, FAILURE);
      assert.match(result.stderr, /run "guild migrate" first/);
    });

    it('migrate applies the schema once and is safe to run again', async () => {
      const first = await world.guild(['migrate']);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /Applied migration 0001_initial\./);
      const again = await world.guild(['migrate']);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /already up to date/);
    });

    it('creates a service account whose token works against the API until the user is deactivated', async () => {
      const created = await createUser('Integration@Example.test');
      assert.equal(created.code, 0, created.stderr);
      assert.match(created.stdout, /Created company account #\d+ for integration@example\.test\./);

      const issued = await world.guild(['token:create', '--email', 'integration@example.test', '--name', 'crm-sync']);
      assert.equal(issued.code, 0, issued.stderr);
      const token = lastLine(issued.stdout);
      assert.match(token, TOKEN);
      const me = await apiClient(world.app, token).get('/api/user');
      assert.equal(me.statusCode, 200);
      assert.equal(me.data.email, 'integration@example.test');
      assert.equal(me.data.account_type, 'company');
      const row = await world.db
        .selectFrom('personal_access_tokens')
        .select(['name', 'expires_at'])
        .where('id', '=', Number(token.split('|')[0]))
        .executeTakeFirstOrThrow();
      assert.deepEqual({ ...row }, { name: 'crm-sync', expires_at: null });

      const deactivated = await world.guild(['user:deactivate', '--email', 'integration@example.test']);
      assert.equal(deactivated.code, 0, deactivated.stderr);
      assert.equal(await userStatus(token), 401);
      const refused = await world.guild(['token:create', '--email', 'integration@example.test']);
      assert.equal(refused.code, FAILURE);
      assert.match(refused.stderr, /is deactivated/);

      const activated = await world.guild(['user:activate', '--email', 'integration@example.test']);
      assert.equal(activated.code, 0, activated.stderr);
      assert.equal(await userStatus(token), 200);
      const twice = await world.guild(['user:activate', '--email', 'integration@example.test']);
      assert.equal(twice.code, 0);
      assert.match(twice.stdout, /already active/);
    });

    it('token:create honours TOKEN_TTL', async () => {
      await createUser('ttl@example.test', 'contributor');
      const before = Date.now();
      const issued = await world.guild(['token:create', '--email', 'ttl@example.test'], { env: { TOKEN_TTL: '3600' } });
      assert.equal(issued.code, 0, issued.stderr);
      assert.match(issued.stdout, /expires at /);
      const token = lastLine(issued.stdout);
      const row = await world.db
        .selectFrom('personal_access_tokens')
        .select(['name', 'expires_at'])
        .where('id', '=', Number(token.split('|')[0]))
        .executeTakeFirstOrThrow();
      assert.equal(row.name, 'cli');
      const expiresIn = Date.parse(row.expires_at!) - before;
      assert.ok(expiresIn > 3_590_000 && expiresIn < 3_660_000, `expires in ${expiresIn} ms`);
      assert.equal(await userStatus(token), 200);
    });

    it('token:revoke revokes every token of the user', async () => {
      await createUser('revoke@example.test');
      const tokens = [];
      for (let i = 0; i < 2; i++) {
        tokens.push(lastLine((await world.guild(['token:create', '--email', 'revoke@example.test'])).stdout));
      }
      const revoked = await world.guild(['token:revoke', '--email', 'revoke@example.test']);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.match(revoked.stdout, /Revoked 2 tokens/);
      for (const token of tokens) assert.equal(await userStatus(token), 401);
    });

    it('reads the password from standard input with --password-stdin', async () => {
      const result = await world.guild(
        ['user:create', '--type', 'contributor', '--email', 'stdin@example.test', '--name', 'S', '--password-stdin'],
        { stdin: 'pass phrase with spaces\nignored second line\n' },
      );
      assert.equal(result.code, 0, result.stderr);
      const user = await world.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'stdin@example.test')
        .executeTakeFirstOrThrow();
      assert.ok(await verifyPassword('pass phrase with spaces', user.password_hash));
    });

    it('refuses invalid accounts with the validation messages and writes nothing', async () => {
      const cases: Array<[string[], RegExp]> = [
        [['--type', 'company', '--email', 'not-an-email', '--name', 'X', '--password', 'secret-pass'], /valid email/],
        [['--type', 'company', '--email', 'short@example.test', '--name', 'X', '--password', 'short'], /at least 8/],
        [['--type', 'admin', '--email', 'admin@example.test', '--name', 'X', '--password', 'secret-pass'], /one of/],
        [
          ['--type', 'company', '--email', 'INTEGRATION@example.test', '--name', 'X', '--password', 'secret-pass'],
          /already been taken/,
        ],
      ];
      const count = async () =>
        Number(
          (
            await world.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const users = await count();
      for (const [args, message] of cases) {
        const result = await world.guild(['user:create', ...args]);
        assert.equal(result.code, FAILURE, args.join(' '));
        assert.match(result.stderr, message);
        assert.equal(result.stdout, '');
      }
      assert.equal(await count(), users);
    });

    it('reports unknown users with exit code 1', async () => {
      for (const command of ['token:create', 'token:revoke', 'user:deactivate', 'user:activate']) {
        const result = await world.guild([command, '--email', 'ghost@example.test']);
        assert.equal(result.code, FAILURE, command);
        assert.match(result.stderr, /No user has the email ghost@example\.test\./);
      }
    });

    it('runs through bin/guild.js, also when started by a Node older than 24', async (t) => {
      const launcher = path.join(ROOT, 'bin/guild.js');
      const current = await runProcess(process.execPath, [launcher, 'migrate'], world.env);
      assert.equal(current.code, 0, current.stderr);
      const older = await findOlderNode();
      if (!older) return t.skip('no Node older than 24 on PATH');
      const result = await runProcess(
        older,
        [launcher, 'token:create', '--email', 'integration@example.test'],
        world.env,
      );
      assert.equal(result.code, 0, result.stderr);
      assert.equal(await userStatus(lastLine(result.stdout)), 200);
      const failing = await runProcess(older, [launcher, 'frobnicate'], world.env);
      assert.equal(failing.code, USAGE);
    });
  });
}
