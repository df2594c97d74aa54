import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createChallenge, createCompany, createTeam, createVolunteer } from '../helpers/factories.ts';
import {
  hasChromium,
  newAccount,
  newPage,
  openServerDatabase,
  type RunningServer,
  register,
  screenshot,
  useServerAndBrowser,
} from './harness.ts';

/**
 * Set-up (not the journey under test): a forming team on a challenge with the contributor `email` invited as its
 * leader and one teammate who has accepted, written into the running server's database. Team formation by the
 * pipeline has its own tests; this one is about the pages.
 */
async function seedTeamInvitation(server: RunningServer, email: string): Promise<number> {
  const db = openServerDatabase(server);
  try {
    const me = await db.db
      .selectFrom('volunteers')
      .innerJoin('users', 'users.id', 'volunteers.user_id')
      .select('volunteers.id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    const company = await createCompany(db.db, { company: { company_name: 'Harbour Trust' } });
    const challenge = await createChallenge(db.db, company.company.id, {
      title: 'Volunteer rota app',
      challenge_type: 'team_execution',
    });
    const teammate = await createVolunteer(db.db, { user: { name: 'Rosalind Franklin' } });
    const team = await createTeam(
      db.db,
      challenge.id,
      [
        { volunteerId: me.id, role: 'leader', status: 'invited' },
        { volunteerId: teammate.volunteer.id, status: 'accepted' },
      ],
      { name: 'Rota builders' },
    );
    return team.id;
  } finally {
    await db.destroy();
  }
}

describe('a team invitation [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('accepts the invitation on the team page, sends a message and sees it [team set up in the database]', async () => {
    const { context, page } = await newPage(running.browser, running.server.url);
    const account = newAccount('contributor', 'Katherine Johnson');
    await register(page, account);
    await page.getByLabel('Your field').fill('Software engineering');
    await page.getByLabel('Hours a week you can give').fill('10');
    await page.getByRole('button', { name: 'Complete my profile' }).click();
    await page.getByRole('heading', { name: 'Your CV' }).waitFor();
    const teamId = await seedTeamInvitation(running.server, account.email);

    await page.getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await screenshot(page, 'teams-list-invited');
    await page.getByRole('link', { name: 'Answer the invitation to Rota builders' }).click();
    await page.waitForURL(`**/teams/${teamId}`);
    await screenshot(page, 'team-invited');

    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByText('You joined the team. Welcome aboard!').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Accept the invitation' }).count(), 0);
    // Both members have accepted and no invitation is open: the team is active (contract §6).
    await page.locator('h1 + .status.active').waitFor();

    await page.getByLabel('Message to the team').fill('Hello team! I will sketch the data model tonight.');
    await page.getByText(/^49 \/ 2000 characters$/).waitFor();
    await page.getByRole('button', { name: 'Send the message' }).click();
    const newest = page.getByRole('list', { name: 'Messages, newest first' }).getByRole('listitem').first();
    await newest.getByText('Hello team! I will sketch the data model tonight.').waitFor();
    assert.match((await newest.textContent()) ?? '', /Katherine Johnson/);
    await screenshot(page, 'team-active-messages');
    await context.close();
  });
});
