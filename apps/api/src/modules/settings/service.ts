import { openingHoursFromSpec, type StoreSettings, type StoreSettingsAnswer } from '@facet/contracts/store-settings';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { Conflict, Validation } from '../../errors.ts';
import { storeFacts } from '../../store-facts.ts';
import { audit, type Actor } from '../audit/index.ts';
import { settingsRepository as repo, SETTINGS_KEY } from './repository.ts';
import { readWords, rememberWords, wordsFor } from '../mail-words/index.ts';
import type { MailWordsSet } from '../mail/index.ts';

const STALE = 'The settings were changed by someone else since you opened them. Reload them and try again.';

/** What a new store starts with: the environment's values (deployment defaults), until the owner saves. */
export function settingsFromConfig(c: Config): StoreSettings {
  const [standard, express, overnight] = c.SHIPPING_CENTS.split(',').map(Number) as [number, number, number];
  const [standardDays, expressDays, overnightDays] = c.SHIPPING_DAYS.split('|') as [string, string, string];
  const [from, to] = c.MADE_TO_ORDER_DAYS.split('-').map(Number) as [number, number];
  return {
    store: { name: c.STORE_NAME, email: c.STORE_EMAIL, phone: c.STORE_PHONE, address: c.STORE_ADDRESS },
    shipping: {
      standard: { label: 'Insured standard', days: standardDays, cents: standard },
      express: { label: 'Insured express', days: expressDays, cents: express },
      overnight: { label: 'Insured overnight', days: overnightDays, cents: overnight },
    },
    freeShippingOverCents: c.FREE_SHIPPING_OVER_CENTS,
    signatureOverCents: 0,
    parcelOunces: 12,
    madeToOrderDays: { from, to },
    returnDays: c.RETURN_DAYS,
    freeResizeDays: c.FREE_RESIZE_DAYS,
    videoOrigins: c.VIDEO_ORIGINS ? c.VIDEO_ORIGINS.split(',').map((o) => o.trim().toLowerCase()) : [],
    restockingPercent: c.MADE_TO_ORDER_RESTOCKING_PERCENT,
    priceRounding: 'dollar',
    openingHours: openingHoursFromSpec(c.OPENING_HOURS),
    appointments: {
      minutes: c.APPOINTMENT_MINUTES,
      daysAhead: c.APPOINTMENT_DAYS,
      noticeHours: c.APPOINTMENT_NOTICE_HOURS,
    },
    taxRates: JSON.parse(c.TAX_RATES) as Record<string, number>,
    zipTaxRates: JSON.parse(c.ZIP_TAX_RATES) as StoreSettings['zipTaxRates'],
    announcement: { on: false, text: '', href: '' },
    layaway: {
      on: true,
      overCents: 100_000,
      depositPercent: 20,
      weeks: 12,
      everyWeeks: 2,
      graceDays: 14,
      feeCents: 5_000,
    },
    supplierConfirmHours: 48,
    cartReminders: { on: true, firstMinutes: 60, secondMinutes: 1440 },
    dateNotes: { on: true, daysBefore: 14 },
  };
}

/**
 * Settings saved by an earlier release, in today's shape: tax rates were whole basis points
 * (`taxRatesBp`, 888 for 8.88 %); they are thousandths of a percent now (8880), so a saved table keeps
 * its rates until the owner gives them the third decimal.
 */
function upgraded(s: StoreSettings & { taxRatesBp?: Record<string, number> }): StoreSettings {
  const { taxRatesBp, ...rest } = s;
  if (!taxRatesBp) return rest;
  return { ...rest, taxRates: Object.fromEntries(Object.entries(taxRatesBp).map(([k, bp]) => [k, bp * 10])) };
}

export async function readSettings(db: DbOrTx, config: Config): Promise<StoreSettingsAnswer> {
  const row = await repo.read(db);
  return row
    ? {
        version: row.version,
        // A setting added since the row was saved starts from its first-start value.
        settings: upgraded({ ...settingsFromConfig(config), ...row.settings }),
        updatedAt: new Date(row.updatedAt).toISOString(),
        updatedBy: row.by,
      }
    : { version: 0, settings: settingsFromConfig(config), updatedAt: null, updatedBy: null };
}

/** Saves the owner's settings if nobody changed them since `version` was read; audited before → after. */
export async function saveSettings(
  db: Database['db'],
  config: Config,
  actor: Actor,
  update: { version: number; settings: StoreSettings },
): Promise<StoreSettingsAnswer> {
  // An announcement's placeholders must be store facts: a typo is refused, never shown to shoppers.
  try {
    storeFacts(update.settings, config);
  } catch (err) {
    const message = `${(err as Error).message}: use a placeholder listed under Pages.`;
    throw new Validation(message, { 'settings.announcement.text': message });
  }
  return db.transaction(async (tx) => {
    const before = (await repo.read(tx, true))?.settings ?? settingsFromConfig(config);
    const at = await repo.write(tx, update.version, update.settings, actor.email);
    if (!at) throw new Conflict(STALE);
    await audit(tx, actor, 'settings.store', 'setting', SETTINGS_KEY, before, update.settings);
    return {
      version: update.version + 1,
      settings: update.settings,
      updatedAt: at.toISOString(),
      updatedBy: actor.email,
    };
  });
}

/**
 * This instance's copy of the settings, read by every page, total and e-mail without a query. It is
 * read at start and again whenever any instance saves (the row's trigger notifies every instance).
 */
export class StoreSettingsCopy {
  #now: StoreSettings;
  #savedAt: string | null;
  readonly #db: DbOrTx;
  readonly #config: Config;
  constructor(db: DbOrTx, config: Config, first: StoreSettingsAnswer) {
    this.#db = db;
    this.#config = config;
    this.#now = first.settings;
    this.#savedAt = first.updatedAt;
  }
  static async load(db: DbOrTx, config: Config) {
    const [first, words] = await Promise.all([readSettings(db, config), readWords(db)]);
    rememberWords(first.settings, words);
    return new StoreSettingsCopy(db, config, first);
  }
  current(): StoreSettings {
    return this.#now;
  }
  /** When the owner last saved them (null: never; the first-start values stand). */
  savedAt(): string | null {
    return this.#savedAt;
  }
  /** Read again (the settings and the e-mails' words beside them, both kept in store_setting). */
  async reload(): Promise<void> {
    const [answer, words] = await Promise.all([readSettings(this.#db, this.#config), readWords(this.#db)]);
    rememberWords(answer.settings, words);
    this.#now = answer.settings;
    this.#savedAt = answer.updatedAt;
  }
  /** The e-mails' words this instance has just saved itself (the row's NOTIFY reloads them again, harmlessly). */
  useWords(words: MailWordsSet): void {
    rememberWords(this.#now, words);
  }
  /** The settings this instance has just saved itself (its own NOTIFY reloads them again, harmlessly). */
  use(answer: StoreSettingsAnswer): void {
    rememberWords(answer.settings, wordsFor(this.#now) ?? {});
    this.#now = answer.settings;
    this.#savedAt = answer.updatedAt;
  }
}
