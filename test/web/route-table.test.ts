import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEB_ROUTES } from '../../src/web/routes.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/** The table's GET pages with a guard, their `:params` filled with an id that may or may not exist. */
const guardedPages = (guard: string) =>
  Object.values(WEB_ROUTES)
    .flat()
    .filter((route) => route.method === 'GET' && route.guard === guard)
    .map((route) => route.url.replace(/:\w+/g, '1'));

for (const dialect of testDialects()) {
  describe(`the route table's guards [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it("has a guard on every page, and the public ones are only the home page, signing in or out, registering, resetting a password and a contest's public page", () => {
      const routes = Object.values(WEB_ROUTES).flat();
      for (const route of routes) assert.ok(route.guard, `${route.method} ${route.url}`);
      const open = routes.filter((route) => route.guard === 'public').map((route) => `${route.method} ${route.url}`);
      assert.deepEqual(open.toSorted(), [
        'GET /',
        // A community contest whose company opted in; any other challenge is the 404 page there (contest-pages.test.ts).
        'GET /challenges/:id/public',
        'GET /forgot-password',
        'GET /forgot-password/sent',
        'GET /login',
        'GET /register',
        'GET /register/confirm',
        'GET /register/sent',
        'GET /reset-password',
        'GET /signed-out',
        'POST /forgot-password',
        'POST /login',
        'POST /logout',
        'POST /logout/everywhere',
        'POST /register',
        'POST /register/confirm',
        'POST /register/resend',
        'POST /reset-password',
      ]);
    });

    it('sends a signed-out visitor to sign in (and back) from every guarded page', async () => {
      const client = webClient(ctx.app);
      const pages = ['signed-in', 'company', 'contributor'].flatMap(guardedPages);
      assert.ok(pages.length >= 14, `${pages.length} guarded pages`);
      for (const path of pages) {
        const response = await client.get(path);
        assert.equal(response.statusCode, 303, path);
        assert.equal(response.headers.location, `/login?next=${encodeURIComponent(path)}`, path);
      }
    });

    it("answers each account type's pages to the other type with the 403 page that says why", async () => {
      const company = await signedIn(ctx.app, (await createCompany(ctx.db, { user: await withPassword() })).user.email);
      const contributor = await signedIn(
        ctx.app,
        (await createVolunteer(ctx.db, { user: await withPassword() })).user.email,
      );
      const cases: Array<[typeof company, string, string]> = [
        ...guardedPages('contributor').map((path): [typeof company, string, string] => [
          company,
          path,
          'This page is for contributor accounts. You are signed in with a company account: sign in with a contributor account to open it.',
        ]),
        ...guardedPages('company').map((path): [typeof company, string, string] => [
          contributor,
          path,
          'This page is for company accounts. You are signed in with a contributor account: sign in with a company account to open it.',
        ]),
      ];
      for (const [client, path, reason] of cases) {
        const response = await client.get(path);
        assert.equal(response.statusCode, 403, path);
        const page = parsePage(response.body);
        assert.deepEqual(page.headings(1), ['You cannot do that'], path);
        assert.ok(page.text.includes(reason), path);
      }
    });
  });
}
