/** Paying a bill: meters, smartcards and exam PINs. */
export const billsMessages = {
  meterDigitsOnly: 'Error: Meter number must contain digits only.',
  meterTypeRequired: 'Error: Choose prepaid or postpaid.',
  numberDigitsOnly: 'Error: The number must contain digits only.',
  verifyFirst: 'Please verify the customer before paying.',
  notVerified: 'We could not verify this customer. Check the number and try again.',
  cannotVend: 'This meter cannot be recharged right now. Please contact your distributor.',
  renewUnavailable: 'This card has no renewal amount. Choose a bouquet instead.',
  quantityRange: 'Error: Quantity must be between 1 and 10.',
} as const;
