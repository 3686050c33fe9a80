import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { clearStaffCookie, setStaffCookie } from '../../plugins/staff-auth.ts';
import { storeInfo } from '../../store-facts.ts';
import * as staff from './service.ts';
import { passRecoveryCode, remakeRecoveryCodes, resetTotp } from './recovery.ts';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const storeOf = () => storeInfo(app.storeSettings.current(), app.config);
  const strict = { rateLimit: { max: app.config.RATE_LIMIT_AUTH_MAX, timeWindow: '15 minutes' } };

  app.route({
    ...adminRoute('POST /auth/login', strict),
    handler: async (req, reply) => {
      const s = await staff.signIn(app, req.body.email, req.body.password);
      setStaffCookie(req, reply, s.token);
      return {
        data: s.needsTotp
          ? { status: 'totp-required' as const }
          : { status: 'signed-in' as const, staff: await staff.meOf(app.db, app.config, s.staff) },
      };
    },
  });
  app.route({
    ...adminRoute('POST /auth/totp', strict),
    handler: async (req) => ({
      data: await staff.meOf(app.db, app.config, await staff.passTotp(app, req.staff!, req.body.code)),
    }),
  });
  app.route({
    ...adminRoute('POST /auth/recovery', strict),
    handler: async (req) => {
      const member = await passRecoveryCode(
        {
          db: app.db,
          config: app.config,
          throttle: app.throttle,
          store: storeOf(),
          kickMail: () => void app.outbox.kick(),
        },
        req.staff!,
        req.body.code,
      );
      return { data: await staff.meOf(app.db, app.config, member) };
    },
  });
  app.route({
    ...adminRoute('POST /auth/set-password', strict),
    handler: async (req) => {
      await staff.setPassword(app.db, req.body.token, req.body.password);
      return { data: { message: 'Your password is set. Sign in with it now.' } };
    },
  });
  app.route({
    ...adminRoute('GET /auth/me'),
    handler: async (req) => ({ data: await staff.meOf(app.db, app.config, req.staff!.staff) }),
  });
  app.route({
    ...adminRoute('POST /auth/logout'),
    handler: async (req, reply) => {
      await staff.signOut(app.db, req.staff!.sessionId);
      clearStaffCookie(reply);
      return { data: { message: 'Signed out.' } };
    },
  });
  app.route({
    ...adminRoute('POST /auth/logout-all'),
    handler: async (req, reply) => {
      await staff.signOutEverywhere(app.db, req.staff!.staff.id);
      clearStaffCookie(reply);
      return { data: { message: 'Signed out on every device.' } };
    },
  });
  app.route({
    ...adminRoute('POST /auth/totp/setup'),
    handler: async (req) => ({
      data: await staff.startTotp(app, req.staff!.staff, app.storeSettings.current().store.name),
    }),
  });
  app.route({
    ...adminRoute('POST /auth/totp/enable'),
    handler: async (req) => ({
      data: {
        message:
          'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once without your phone.',
        codes: await staff.enableTotp(app, req.staff!.staff, req.body.code),
      },
    }),
  });
  app.route({
    ...adminRoute('POST /auth/recovery-codes', strict),
    handler: async (req) => ({
      data: {
        message: 'New recovery codes made; the old ones no longer work.',
        codes: await remakeRecoveryCodes(app, req.staff!.staff),
      },
    }),
  });
  app.route({
    ...adminRoute('POST /staff/:id/reset-totp'),
    handler: async (req) => {
      const member = await resetTotp({ db: app.db, store: storeOf() }, staff.actorOf(req.staff!.staff), req.params.id);
      void app.outbox.kick();
      return { data: await staff.meOf(app.db, app.config, member) };
    },
  });

  app.route({
    ...adminRoute('GET /staff'),
    handler: async () => ({ data: await staff.listStaff(app.db, app.config) }),
  });
  app.route({
    ...adminRoute('POST /staff'),
    handler: async (req) => {
      const { staff: row, setPasswordToken } = await staff.addStaff(app.db, req.body, staff.actorOf(req.staff!.staff));
      return {
        data: {
          staff: staff.toMe(row, app.config, 0),
          setPasswordUrl: setPasswordToken ? `${app.config.PUBLIC_URL}/admin/set-password/${setPasswordToken}` : null,
        },
      };
    },
  });
  app.route({
    ...adminRoute('PUT /settings/require-totp'),
    handler: async (req) => {
      await staff.setTotpRequired(app.db, staff.actorOf(req.staff!.staff), req.body.required);
      return {
        data: {
          message: req.body.required
            ? 'Two-factor sign-in is required for all staff.'
            : 'Two-factor sign-in is optional.',
        },
      };
    },
  });
};
