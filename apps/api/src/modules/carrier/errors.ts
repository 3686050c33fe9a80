import { AppError } from '../../errors.ts';

/** The carrier service did not answer in time, or failed: the shopper is told, and nothing is charged. */
export class ShippingUnavailable extends AppError {
  readonly step: string;
  constructor(step: string, cause?: unknown) {
    super(
      503,
      step === 'label'
        ? 'The carrier service did not answer, so no label was bought. Please try again in a minute.'
        : 'We cannot get shipping rates from the carrier right now, so nothing has been charged. Please try again in a minute.',
    );
    this.step = step;
    this.cause = cause;
  }
}

/** The carrier refused what it was asked (an address it cannot deliver to, a parcel it will not take). */
export class CarrierRefused extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(422, message, errors);
  }
}
