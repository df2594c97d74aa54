import { describe, it } from 'node:test';
import { hasChromium, newPage, screenshot, useServerAndBrowser } from './harness.ts';

describe('the API reference [browser]', { skip: !hasChromium }, () => {
  const running = useServerAndBrowser();

  it('renders /docs', async () => {
    const { context, page } = await newPage(running.browser, running.server.url);
    await page.goto('/docs');
    await page.locator('.opblock').first().waitFor();
    await screenshot(page, 'docs');
    await page.locator('.opblock-summary-control').first().click();
    await page.locator('.opblock-body').first().waitFor();
    await page.locator('.opblock-tag').nth(1).click();
    await screenshot(page, 'docs-operation');
    await page.getByRole('button', { name: 'Try it out' }).first().click();
    await screenshot(page, 'docs-try');
    await context.close();
  });
});
