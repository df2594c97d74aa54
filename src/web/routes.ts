import { confirmPage, linkSentPage, submitConfirm, submitResend } from './auth/email-confirmation.page.ts';
import { loginPage, submitLogin } from './auth/login.page.ts';
import {
  forgotPasswordPage,
  resetPasswordPage,
  resetSentPage,
  submitForgotPassword,
  submitResetPassword,
} from './auth/password-reset.page.ts';
import { registerPage, submitRegister } from './auth/register.page.ts';
import { signedOutPage, signOutEverywherePage, submitLogout, submitLogoutEverywhere } from './auth/sign-out.page.ts';
import { idParam } from './components/path-id.ts';
import { companyProfileOrNull, contributorProfileOrNull } from './components/profiles.ts';
import type { PageRoute } from './page-area.ts';
import { challengePage } from './pages/challenges/detail.page.ts';
import { challengesListPage } from './pages/challenges/list.page.ts';
import { newChallengePage } from './pages/challenges/new.page.ts';
import { myIdeasPage } from './pages/community/my-ideas.page.ts';
import { publicContestPage } from './pages/community/public-contest.page.ts';
import { companyProfilePage } from './pages/company/profile.page.ts';
import { reviewsPage } from './pages/company/reviews.page.ts';
import { openAssignment } from './pages/contributor/assignment.page.ts';
import { assignmentsPage } from './pages/contributor/assignments.page.ts';
import { attachmentDownload } from './pages/contributor/attachment-download.ts';
import { availableTasksPage } from './pages/contributor/available-tasks.page.ts';
import { profilePage } from './pages/contributor/profile.page.ts';
import { dashboardPage, homePage } from './pages/home.page.ts';
import { challengeThreadPage } from './pages/messages/challenge-thread.page.ts';
import {
  notificationSettingsPage,
  submitNotificationSettings,
} from './pages/notifications/notification-settings.page.ts';
import { notificationsPage, openNotificationPage } from './pages/notifications/notifications.page.ts';
import { findPeoplePage } from './pages/people/find-people.page.ts';
import { taskPeoplePage } from './pages/people/task-people.page.ts';
import { volunteerCvDownload, volunteerPage } from './pages/people/volunteer.page.ts';
import { teamPage } from './pages/teams/team.page.ts';
import { answerTeamInvitation } from './pages/teams/team-answer.ts';
import { teamsListPage } from './pages/teams/teams-list.page.ts';

/**
 * Every page of the web app: URL → page → guard, one group per area (each group is its own Fastify plugin, see
 * page-area.ts). Guards (guards.ts): `public`, `signed-in`, `company`, `contributor`. Every POST is a web form with a
 * CSRF token. Pages act through the JSON API from the browser (`data-api` forms in assets/app.js); the POSTs here
 * are what docs/contract.md §5 keeps off the API. Sign in with LinkedIn is two documented /api routes
 * (auth/linkedin.ts).
 */
export const WEB_ROUTES: Record<string, readonly PageRoute[]> = {
  home: [
    { method: 'GET', url: '/', guard: 'public', page: homePage },
    { method: 'GET', url: '/dashboard', guard: 'signed-in', page: dashboardPage },
  ],
  auth: [
    { method: 'GET', url: '/login', guard: 'public', page: loginPage },
    { method: 'POST', url: '/login', guard: 'public', page: submitLogin },
    { method: 'GET', url: '/register', guard: 'public', page: registerPage },
    { method: 'POST', url: '/register', guard: 'public', page: submitRegister },
    { method: 'GET', url: '/register/sent', guard: 'public', page: linkSentPage },
    { method: 'GET', url: '/register/confirm', guard: 'public', page: confirmPage },
    { method: 'POST', url: '/register/confirm', guard: 'public', page: submitConfirm },
    { method: 'POST', url: '/register/resend', guard: 'public', page: submitResend },
    { method: 'GET', url: '/forgot-password', guard: 'public', page: forgotPasswordPage },
    { method: 'POST', url: '/forgot-password', guard: 'public', page: submitForgotPassword },
    { method: 'GET', url: '/forgot-password/sent', guard: 'public', page: resetSentPage },
    { method: 'GET', url: '/reset-password', guard: 'public', page: resetPasswordPage },
    { method: 'POST', url: '/reset-password', guard: 'public', page: submitResetPassword },
    { method: 'POST', url: '/logout', guard: 'public', page: submitLogout },
    { method: 'GET', url: '/signed-out', guard: 'public', page: signedOutPage },
    { method: 'GET', url: '/account/sign-out-everywhere', guard: 'signed-in', page: signOutEverywherePage },
    { method: 'POST', url: '/logout/everywhere', guard: 'public', page: submitLogoutEverywhere },
  ],
  contributor: [
    {
      method: 'GET',
      url: '/profile',
      guard: 'contributor',
      page: async (request, reply, deps, user) =>
        profilePage(request, reply, user, await contributorProfileOrNull(deps.db, user), deps.config.linkedin !== null),
    },
    { method: 'GET', url: '/tasks/available', guard: 'contributor', page: availableTasksPage },
    { method: 'GET', url: '/assignments', guard: 'contributor', page: assignmentsPage },
    // Both parties: the company is sent on to its own pages.
    { method: 'GET', url: '/assignments/:id', guard: 'signed-in', page: openAssignment },
    { method: 'GET', url: '/assignments/:id/attachments/:attachmentId', guard: 'signed-in', page: attachmentDownload },
  ],
  company: [
    {
      method: 'GET',
      url: '/company/profile',
      guard: 'company',
      page: async (request, reply, deps, user) =>
        companyProfilePage(
          request,
          reply,
          user,
          await companyProfileOrNull(deps.db, user),
          deps.config.linkedin !== null,
        ),
    },
    { method: 'GET', url: '/reviews', guard: 'company', page: reviewsPage },
  ],
  challenges: [
    { method: 'GET', url: '/challenges', guard: 'signed-in', page: challengesListPage },
    { method: 'GET', url: '/challenges/new', guard: 'company', page: newChallengePage },
    {
      method: 'GET',
      url: '/challenges/:id',
      guard: 'signed-in',
      page: (request, reply, deps, user) => challengePage(request, reply, deps, user, idParam(request, 'Challenge')),
    },
    // The one page of content open to signed-out visitors: a community contest whose company opted in (`public`).
    { method: 'GET', url: '/challenges/:id/public', guard: 'public', page: publicContestPage },
    // The company ↔ team threads: the owning company and the contributors assigned.
    { method: 'GET', url: '/challenges/:id/messages', guard: 'signed-in', page: challengeThreadPage },
  ],
  teams: [
    { method: 'GET', url: '/teams', guard: 'contributor', page: teamsListPage },
    {
      method: 'GET',
      url: '/teams/:id',
      // Its members, and the company that owns the challenge (it reads the team, not the team's messages).
      guard: 'signed-in',
      page: (request, reply, deps, user) => teamPage(request, reply, deps, user, idParam(request, 'Team')),
    },
    { method: 'POST', url: '/teams/:id/accept', guard: 'contributor', page: answerTeamInvitation('accept') },
    { method: 'POST', url: '/teams/:id/decline', guard: 'contributor', page: answerTeamInvitation('decline') },
  ],
  people: [
    { method: 'GET', url: '/people', guard: 'company', page: findPeoplePage },
    {
      method: 'GET',
      url: '/tasks/:id/people',
      guard: 'company',
      page: (request, reply, deps, user) => taskPeoplePage(request, reply, deps, user, idParam(request, 'Task')),
    },
    { method: 'GET', url: '/volunteers/:id', guard: 'signed-in', page: volunteerPage },
    { method: 'GET', url: '/volunteers/:id/cv', guard: 'company', page: volunteerCvDownload },
  ],
  community: [{ method: 'GET', url: '/ideas', guard: 'contributor', page: myIdeasPage }],
  notifications: [
    { method: 'GET', url: '/notifications', guard: 'signed-in', page: notificationsPage },
    { method: 'GET', url: '/notifications/:id/open', guard: 'signed-in', page: openNotificationPage },
    { method: 'GET', url: '/settings/notifications', guard: 'signed-in', page: notificationSettingsPage },
    { method: 'POST', url: '/settings/notifications', guard: 'signed-in', page: submitNotificationSettings },
  ],
};
