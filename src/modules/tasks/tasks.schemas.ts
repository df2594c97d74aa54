import { type Static, Type } from 'typebox';
import { IdFilter, Nullable, PageQuery, Timestamp } from '../../http/schemas.ts';
import { Assignment } from '../assignments/assignments.schemas.ts';
import { TASK_STATUSES } from './tasks.state.ts';

export const Task = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    workstream_id: Nullable(Type.Integer()),
    title: Type.String(),
    description: Nullable(Type.String()),
    required_skills: Type.Array(Type.String(), { description: 'Skill names' }),
    required_skill_reasons: Type.Array(
      Type.Object({
        name: Type.String({ description: 'A skill of required_skills' }),
        reason: Type.String({ description: 'One line: why the task needs it' }),
        core: Type.Boolean({
          description:
            'False for a supporting skill (a soft skill, or side work a model plan marks so): holding it adds to a ' +
            "contributor's match score but makes nobody fit alone. A company sets it with `core` in required_skills " +
            '(default: a kept skill keeps its flag, a new one is core)',
        }),
      }),
      { description: 'Why the task needs each required skill; empty for tasks planned before reasons were kept' },
    ),
    required_skill_levels: Type.Array(
      Type.Object({
        name: Type.String({ description: 'A skill of required_skills' }),
        level: Nullable(
          Type.String({
            description:
              'beginner | intermediate | advanced | expert: the least proficiency a contributor must hold it at; ' +
              "null: the task's required_experience_level decides",
          }),
        ),
      }),
      { description: 'Each required skill with the level it is required at, in the order of required_skills' },
    ),
    source: Nullable(
      Type.String({
        description: 'The excerpt of the challenge brief the task was planned from (null for tasks without one)',
      }),
    ),
    required_experience_level: Nullable(Type.String()),
    expected_output: Nullable(Type.String()),
    acceptance_criteria: Type.Array(Type.String()),
    estimated_hours: Nullable(Type.Number()),
    complexity_score: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
    status: Type.String({ description: TASK_STATUSES.join(' | ') }),
    position: Type.Integer({
      description:
        'Its place in its workstream (tasks are listed by position, then id); 0 until the company orders them',
    }),
    origin: Type.String({ description: 'analysis | company: who added the task to the plan' }),
    company_edited_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the owning company last changed the task (null: as its origin left it)',
      }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
    challenge: Type.Object({ id: Type.Integer(), title: Type.String(), status: Type.String() }),
    workstream: Nullable(Type.Object({ id: Type.Integer(), title: Type.String() })),
  },
  { $id: 'Task' },
);
export type Task = Static<typeof Task>;

/** The single read: the task with the assignments the caller may see (the owning company: all; a contributor: own). */
export const TaskDetail = Type.Object(
  { ...Task.properties, assignments: Type.Array(Assignment) },
  { $id: 'TaskDetail' },
);
export type TaskDetail = Static<typeof TaskDetail>;

/** An item of `GET /tasks/my-tasks`: the task with the caller's own assignment on it. */
export const MyTask = Type.Object({ ...Task.properties, my_assignment: Assignment }, { $id: 'MyTask' });
export type MyTask = Static<typeof MyTask>;

export const TaskListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Enum([...TASK_STATUSES], { description: 'Only tasks in this status' })),
  challenge_id: IdFilter('Only tasks of this challenge'),
  workstream_id: IdFilter('Only tasks of this workstream'),
  skill: Type.Optional(
    Type.String({ maxLength: 255, description: 'A skill name or alias, case-insensitive; tasks requiring it' }),
  ),
});
export type TaskListQuery = Static<typeof TaskListQuery>;
