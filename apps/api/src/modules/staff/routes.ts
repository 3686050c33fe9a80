import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  ROLES,
  staffCreated,
  staffLoginAnswer,
  staffLoginBody,
  staffMe,
  staffSetPasswordBody,
  staffTotpBody,
  totpSetup,
} from '@facet/contracts/admin';
import { messageAnswer } from '@facet/contracts/account';
import { clearStaffCookie, setStaffCookie } from '../../plugins/staff-auth.ts';
import * as staff from './service.ts';

const addStaffBody = z
  .object({
    email: z.email().max(254),
    role: z.enum(ROLES),
    name: z.string().trim().max(100).optional(),
  })
  .strict();

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const strict = { rateLimit: { max: app.config.RATE_LIMIT_AUTH_MAX, timeWindow: '15 minutes' } };

  app.post(
    '/auth/login',
    {
      config: { access: 'public', ...strict },
      schema: { body: staffLoginBody, response: { 200: envelope(staffLoginAnswer) } },
    },
    async (req, reply) => {
      const s = await staff.signIn(app, req.body.email, req.body.password);
      setStaffCookie(req, reply, s.token);
      return {
        data: s.needsTotp
          ? { status: 'totp-required' as const }
          : { status: 'signed-in' as const, staff: staff.toMe(s.staff, app.config) },
      };
    },
  );

  app.post(
    '/auth/totp',
    {
      config: { access: 'password-only', ...strict },
      schema: { body: staffTotpBody, response: { 200: envelope(staffMe) } },
    },
    async (req) => ({ data: staff.toMe(await staff.passTotp(app, req.staff!, req.body.code), app.config) }),
  );

  app.post(
    '/auth/set-password',
    {
      config: { access: 'public', ...strict },
      schema: { body: staffSetPasswordBody, response: { 200: envelope(messageAnswer) } },
    },
    async (req) => {
      await staff.setPassword(app.db, req.body.token, req.body.password);
      return { data: { message: 'Your password is set. Sign in with it now.' } };
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'signed-in' }, schema: { response: { 200: envelope(staffMe) } } },
    async (req) => ({
      data: staff.toMe(req.staff!.staff, app.config),
    }),
  );

  app.post(
    '/auth/logout',
    { config: { access: 'password-only' }, schema: { response: { 200: envelope(messageAnswer) } } },
    async (req, reply) => {
      await staff.signOut(app.db, req.staff!.sessionId);
      clearStaffCookie(reply);
      return { data: { message: 'Signed out.' } };
    },
  );

  app.post(
    '/auth/logout-all',
    { config: { access: 'signed-in' }, schema: { response: { 200: envelope(messageAnswer) } } },
    async (req, reply) => {
      await staff.signOutEverywhere(app.db, req.staff!.staff.id);
      clearStaffCookie(reply);
      return { data: { message: 'Signed out on every device.' } };
    },
  );

  app.post(
    '/auth/totp/setup',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: envelope(totpSetup) } },
    },
    async (req) => ({ data: await staff.startTotp(app.db, req.staff!.staff, app.config.STORE_NAME) }),
  );

  app.post(
    '/auth/totp/enable',
    { config: { access: 'signed-in' }, schema: { body: staffTotpBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => {
      await staff.enableTotp(app.db, req.staff!.staff, req.body.code);
      return { data: { message: 'Two-factor sign-in is on.' } };
    },
  );

  app.get(
    '/staff',
    { config: { access: 'staff:manage' }, schema: { response: { 200: envelope(z.array(staffMe)) } } },
    async () => ({ data: await staff.listStaff(app.db, app.config) }),
  );

  app.post(
    '/staff',
    {
      config: { access: 'staff:manage' },
      schema: {
        body: addStaffBody,
        response: { 200: envelope(staffCreated) },
      },
    },
    async (req) => {
      const { staff: row, setPasswordToken } = await staff.addStaff(app.db, req.body, staff.actorOf(req.staff!.staff));
      return {
        data: {
          staff: staff.toMe(row, app.config),
          setPasswordUrl: setPasswordToken ? `${app.config.PUBLIC_URL}/admin/set-password/${setPasswordToken}` : null,
        },
      };
    },
  );

  app.put(
    '/settings/require-totp',
    {
      config: { access: 'settings:manage' },
      schema: { body: z.object({ required: z.boolean() }).strict(), response: { 200: envelope(messageAnswer) } },
    },
    async (req) => {
      await staff.setTotpRequired(app.db, staff.actorOf(req.staff!.staff), req.body.required);
      return {
        data: {
          message: req.body.required
            ? 'Two-factor sign-in is required for all staff.'
            : 'Two-factor sign-in is optional.',
        },
      };
    },
  );
};
