import { AppError } from '../../errors.ts';

/** The tax service did not answer in time, or refused: the shopper is told, and nothing is charged. */
export class TaxUnavailable extends AppError {
  readonly step: string;
  constructor(step: string, cause?: unknown) {
    super(
      503,
      'We cannot work out the sales tax for this address right now, so nothing has been charged. Please try again in a minute.',
    );
    this.step = step;
    this.cause = cause;
  }
}
