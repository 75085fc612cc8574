// providers.md §1.5, new envelope (2025 examples)
export const delivered = {
  code: '000',
  content: {
    transactions: {
      status: 'delivered',
      product_name: 'DSTV Subscription',
      unique_element: '1212121212',
      unit_price: '1850',
      quantity: 1,
      service_verification: null,
      channel: 'api',
      commission: 27.75,
      total_amount: 1822.25,
      discount: null,
      type: 'TV Subscription',
      email: 'ada@example.com',
      phone: '08011111111',
      name: null,
      convinience_fee: 0,
      amount: '1850',
      platform: 'api',
      method: 'api',
      transactionId: '17416009779459629327738818',
      commission_details: { amount: 27.75, rate: '1.50', rate_type: 'percent', computation_type: 'default' },
    },
  },
  response_description: 'TRANSACTION SUCCESSFUL',
  requestId: '2025031011029125930',
  amount: 1850,
  transaction_date: '2025-03-10T10:02:57.000000Z',
  purchased_code: '',
};

// providers.md §1.5, old flat envelope (2019 airtime pages)
export const oldFlat = {
  code: '000',
  response_description: 'TRANSACTION SUCCESSFUL',
  requestId: 'SAND0192837465738253A1HSD',
  transactionId: '1563873435424',
  amount: '50.00',
  transaction_date: { date: '2019-07-23 10:17:16.000000', timezone_type: 3, timezone: 'Africa/Lagos' },
  purchased_code: '',
};

export const withStatus = (status: string, code = '000', description = 'TRANSACTION PROCESSED') => ({
  ...delivered,
  code,
  response_description: description,
  content: { transactions: { ...delivered.content.transactions, status } },
});
