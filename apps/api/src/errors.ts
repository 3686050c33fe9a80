// Typed service errors; the error plugin maps them to HTTP.
export class AppError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** Taken off sale for good: `errors.category` is where its shoppers may look instead. */
export class Gone extends AppError {
  constructor(message: string, where: { category: string }) {
    super(410, message, where);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please log in to continue') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Your role does not allow this.') {
    super(403, message);
  }
}
export class Validation extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, errors);
  }
}
/** The card was refused (402): the provider's words for the shopper. */
export class PaymentDeclined extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}
export class Unprocessable extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(422, message, errors);
  }
}
export class RateLimited extends AppError {
  readonly retryAfterS: number;
  constructor(message: string, retryAfterS: number) {
    super(429, message);
    this.retryAfterS = retryAfterS;
  }
}
export class Unavailable extends AppError {
  constructor(message = 'The store is briefly unavailable. Please try again in a moment.') {
    super(503, message);
  }
}
