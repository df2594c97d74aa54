import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorObject } from 'ajv';
import { formatFieldErrors, humanize, toFieldErrors } from './validation.ts';

const error = (partial: Partial<ErrorObject>): ErrorObject =>
  ({ instancePath: '', schemaPath: '', keyword: 'type', params: {}, ...partial }) as ErrorObject;

describe('validation messages', () => {
  it('names fields the way people read them', () => {
    assert.equal(humanize('availability_hours_per_week'), 'availability hours per week');
    assert.equal(humanize('attachments[]'), 'attachments');
  });

  it('turns schema failures into sentences per field', () => {
    const errors = toFieldErrors([
      error({ keyword: 'required', params: { missingProperty: 'title' } }),
      error({ keyword: 'minLength', instancePath: '/description', params: { limit: 100 } }),
      error({ keyword: 'maxLength', instancePath: '/description', params: { limit: 5000 } }),
      error({ keyword: 'type', instancePath: '/hours_worked', params: { type: 'number' }, data: '3' }),
      error({ keyword: 'type', instancePath: '/field', params: { type: 'string' }, data: null }),
      error({ keyword: 'enum', instancePath: '/vote', params: { allowedValues: [-1, 0, 1] } }),
      error({ keyword: 'format', instancePath: '/website', params: { format: 'http-url' } }),
      error({ keyword: 'anyOf', instancePath: '/website' }),
    ]);
    assert.deepEqual(errors, {
      title: ['The title field is required.'],
      description: [
        'The description must be at least 100 characters.',
        'The description must not be greater than 5000 characters.',
      ],
      hours_worked: ['The hours worked must be a number.'],
      field: ['The field field is required.'],
      vote: ['The vote must be one of: -1, 0, 1.'],
      website: ['The website must be a web address starting with https:// or http://.'],
    });
  });

  it('leads with the first problem and counts the rest', () => {
    assert.equal(formatFieldErrors({ a: ['First.'] }).message, 'First.');
    assert.equal(formatFieldErrors({ a: ['First.', 'Second.'], b: ['Third.'] }).message, 'First. (and 2 more errors)');
  });
});
