import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Purpose } from '../../src/ai/brief/concerns/purpose.ts';
import { briefStage } from '../../src/ai/brief/index.ts';
import { localContext } from './analysis-fixtures.ts';

/** A wrong the brief screening refuses, with requests it must refuse and honest look-alikes it must let through. */
export type ScreeningCase = {
  wrong: Purpose;
  refused: [title: string, text: string][];
  workable: [title: string, text: string][];
};

export const analyseBrief = (title: string, description: string) =>
  briefStage.local({ title, description }, localContext);

/**
 * The tests every family of screened wrongs gets (purposes, structural and composed wrongs): each wrong the family
 * knows has cases here, each refused request is refused with that wrong's reason and the sentences that show it, and
 * each look-alike stays workable.
 */
export function itRefusesEachWrong(family: readonly Purpose[], cases: readonly ScreeningCase[]): void {
  test('every wrong of the family has refused requests and legitimate look-alikes here', () => {
    assert.deepEqual(
      family.filter((wrong) => !cases.some((c) => c.wrong === wrong)).map((wrong) => wrong.kind),
      [],
    );
  });

  for (const { wrong, refused, workable } of cases) {
    test(`${wrong.kind}: refused with its reason and the sentences that show it; the look-alikes are workable`, async () => {
      for (const [title, text] of refused) {
        const output = await analyseBrief(title, text);
        assert.equal(output.workable, false, `${title}: accepted`);
        assert.ok(
          output.rejection_reason?.startsWith(
            `Guild cannot take this brief on: read together, its sentences ask ${wrong.reason} ("`,
          ),
          `${title}: ${output.rejection_reason}`,
        );
      }
      for (const [title, text] of workable) {
        const output = await analyseBrief(title, text);
        assert.equal(output.workable, true, `${title}: ${output.rejection_reason}`);
      }
    });
  }
}
