import { z } from 'zod';
import {
  AuthResponseSchema,
  LoginBodySchema,
  ResendOtpBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  UpdatePasswordBodySchema,
  VerifyOtpBodySchema,
} from './auth.js';
import { AddLineBodySchema, CartItemSchema, UpdateCartLineBodySchema, WishlistItemSchema } from './cart.js';
import {
  FeedCheckQuerySchema,
  FeedCheckSchema,
  ImportAppliedSchema,
  ImportSummarySchema,
  ImportUndoneSchema,
  LastImportSchema,
} from './catalogue-io.js';
import { DiscountCodeBodySchema, DiscountCodeSchema, QuoteBodySchema, QuoteSchema } from './discounts.js';
import { LangQuerySchema, ProductListQuerySchema, ProductListSchema, ProductSchema } from './catalog.js';
import { BackupOverviewSchema } from './backups.js';
import {
  AudienceCountSchema,
  AudienceSchema,
  CampaignBodySchema,
  CampaignListSchema,
  CampaignSchema,
  CampaignTestAnswerSchema,
  ScheduleCampaignBodySchema,
} from './campaigns.js';
import {
  AdminComplaintSchema,
  AdminComplaintsQuerySchema,
  AdminComplaintsSchema,
  ComplaintCreatedSchema,
  DecideComplaintBodySchema,
} from './complaints.js';
import {
  CourierCitiesQuerySchema,
  CourierCitiesSchema,
  CourierOfficesSchema,
  CreateShipmentBodySchema,
  OfficeSyncResultSchema,
  OfficesQuerySchema,
} from './couriers.js';
import { EffectSchema, EffectsQuerySchema, EffectsResponseSchema } from './effects.js';
import { MessageSchema, SuccessSchema } from './errors.js';
import {
  AdminGiftCardBodySchema,
  AdminGiftCardListSchema,
  AdminGiftCardSchema,
  AdminGiftCardsQuerySchema,
  GiftCardBalanceSchema,
  GiftCardCheckoutBodySchema,
  GiftCardCheckoutSchema,
  GiftCardLedgerSchema,
  StoreCreditBodySchema,
  StoreCreditSchema,
  VoidGiftCardBodySchema,
} from './gift-cards.js';
import {
  ConfirmNewsletterBodySchema,
  NewsletterAnswerSchema,
  SubscribeAnswerSchema,
  SubscribeBodySchema,
  UnsubscribeQuerySchema,
} from './newsletter.js';
import {
  AdminDocumentsQuerySchema,
  AdminDocumentsSchema,
  InvoiceDetailsSchema,
  InvoiceRequestAnswerSchema,
} from './invoices.js';
import {
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  CancelOrderBodySchema,
  CheckoutBodySchema,
  CheckoutInfoSchema,
  CheckoutSessionSchema,
  OrderSchema,
  RefundOrderBodySchema,
  ReturnOrderBodySchema,
  ShipOrderBodySchema,
  StatsQuerySchema,
  StatsSchema,
} from './orders.js';
import { ProductDetailsBodySchema } from './fit.js';
import {
  AddColorResponseSchema,
  ColorImagesBodySchema,
  CreateProductBodySchema,
  CreateProductResponseSchema,
} from './product-editing.js';
import {
  DeleteAccountBodySchema,
  ProfileSchema,
  SaveProfilePictureBodySchema,
  UpdateProfileBodySchema,
  UploadResponseSchema,
} from './profile.js';
import {
  RecallBodySchema,
  RecallPublishedSchema,
  RecallSchema,
  RecallsSchema,
  RecallTextsBodySchema,
} from './recalls.js';
import {
  AdminReturnAnswerSchema,
  AdminReturnsQuerySchema,
  AdminReturnsSchema,
  CreateReturnBodySchema,
  ReceiveReturnBodySchema,
  RejectReturnBodySchema,
  ReturnAnswerSchema,
  ReturnListSchema,
  ReturnQuoteSchema,
  ReturnStatsSchema,
} from './returns.js';
import {
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminReviewSchema,
  ReviewBodySchema,
  ReviewCreatedSchema,
  ReviewEligibilitySchema,
  ReviewListQuerySchema,
  ReviewListSchema,
} from './reviews.js';
import { AuditFileQuerySchema, OrderDocumentsSchema, RecordsMonthSchema } from './records.js';
import { PriceHistorySchema, SaleBodySchema } from './sales.js';
import { SettingsSchema, UpdateSettingsBodySchema } from './settings.js';
import {
  CreateStockAlertBodySchema,
  StockAlertSchema,
  UpdateStockBodySchema,
  UpdateStockResponseSchema,
} from './stock.js';
import { AdminUsersResponseSchema, UpdateRoleBodySchema } from './users.js';
import {
  ConfirmWithdrawalBodySchema,
  CreateWithdrawalBodySchema,
  PublicWithdrawalBodySchema,
  WithdrawalLinkQuerySchema,
  WithdrawalRefundBodySchema,
  WithdrawalRequestedSchema,
  WithdrawalRequestSchema,
  WithdrawalSchema,
} from './withdrawal.js';

/**
 * The API's routes by method and path (Fastify's syntax, under `/api`) with the schemas of their
 * query, body and answer, in one table: the routes declare these very schemas
 * (`api/src/modules/…/routes.ts`; `api/src/api-routes.test.ts` checks it) and the web's client
 * takes each call's path, query, body and answer types from it (`web/src/lib/api-client.ts`:
 * `call`, `apiPath`), so no call picks its types by hand. `form: true` marks a multipart route:
 * the web sends a form, the route reads its parts itself. A route joins the table when its
 * callers in the web move to `call` (issue 46).
 *
 * Not re-exported from the package's index: the web imports its types only
 * (`@shop/contract/api-routes`), so no schema reaches the web's bundle through it.
 */
export const API_ROUTES = {
  // Accounts (sign-up, sign-in, passwords)
  'POST /auth/signup': { body: SignupBodySchema, response: MessageSchema },
  'POST /auth/verify-otp': { body: VerifyOtpBodySchema, response: AuthResponseSchema },
  'POST /auth/resend-otp': { body: ResendOtpBodySchema, response: MessageSchema },
  'POST /auth/login': { body: LoginBodySchema, response: AuthResponseSchema },
  'POST /auth/logout': { response: z.null() },
  'POST /auth/reset-password': { body: ResetPasswordBodySchema, response: MessageSchema },
  'POST /auth/update-password': { body: UpdatePasswordBodySchema, response: MessageSchema },

  // The shopper's account: profile, picture, newsletter, privacy
  'PUT /profile': { body: UpdateProfileBodySchema, response: MessageSchema },
  'POST /profile/upload': { form: true, response: UploadResponseSchema },
  'PUT /profile/save': { body: SaveProfilePictureBodySchema, response: MessageSchema },
  'GET /profile/export': { response: z.unknown() },
  'DELETE /profile': { body: DeleteAccountBodySchema, response: z.null() },
  'POST /newsletter': { body: SubscribeBodySchema, response: SubscribeAnswerSchema },
  'POST /newsletter/confirm': { body: ConfirmNewsletterBodySchema, response: NewsletterAnswerSchema },
  'POST /unsubscribe': { query: UnsubscribeQuerySchema, response: NewsletterAnswerSchema },

  // Cart, wishlist, back-in-stock alerts
  'GET /cart': { query: LangQuerySchema, response: z.array(CartItemSchema) },
  'POST /cart': { query: LangQuerySchema, body: AddLineBodySchema, response: CartItemSchema },
  'PATCH /cart/:cartItemId': { query: LangQuerySchema, body: UpdateCartLineBodySchema, response: CartItemSchema },
  'DELETE /cart/:cartItemId': { response: z.null() },
  'GET /wishlist': { query: LangQuerySchema, response: z.array(WishlistItemSchema) },
  'POST /wishlist': { query: LangQuerySchema, body: AddLineBodySchema, response: WishlistItemSchema },
  'DELETE /wishlist/:id': { response: z.null() },
  'GET /stock-alerts': { query: LangQuerySchema, response: z.array(StockAlertSchema) },
  'POST /stock-alerts': { query: LangQuerySchema, body: CreateStockAlertBodySchema, response: StockAlertSchema },
  'DELETE /stock-alerts/:id': { response: z.null() },

  // Gift cards
  'POST /gift-cards/checkout': { body: GiftCardCheckoutBodySchema, response: GiftCardCheckoutSchema },
  'GET /gift-cards/:code': { response: GiftCardBalanceSchema },
  'GET /admin/gift-cards': { query: AdminGiftCardsQuerySchema, response: AdminGiftCardListSchema },
  'POST /admin/gift-cards': { body: AdminGiftCardBodySchema, response: AdminGiftCardSchema },
  'POST /admin/gift-cards/:id/void': { body: VoidGiftCardBodySchema.optional(), response: AdminGiftCardSchema },
  'GET /admin/gift-cards/:id/ledger': { response: GiftCardLedgerSchema },

  // The admin's users, discount codes, failing effects
  'GET /admin/users': { response: AdminUsersResponseSchema },
  'PUT /admin/users/role': { body: UpdateRoleBodySchema, response: SuccessSchema },
  'DELETE /admin/users/:id': { response: SuccessSchema },
  'POST /admin/users/:id/store-credit': { body: StoreCreditBodySchema, response: StoreCreditSchema },
  'GET /admin/discount-codes': { response: z.array(DiscountCodeSchema) },
  'POST /admin/discount-codes': { body: DiscountCodeBodySchema, response: DiscountCodeSchema },
  'PUT /admin/discount-codes/:id': { body: DiscountCodeBodySchema, response: DiscountCodeSchema },
  'DELETE /admin/discount-codes/:id': { response: SuccessSchema },
  'GET /admin/effects': { query: EffectsQuerySchema, response: EffectsResponseSchema },
  'POST /admin/effects/:id/retry': { response: EffectSchema },

  // Reviews
  'GET /products/:id/reviews': { query: ReviewListQuerySchema, response: ReviewListSchema },
  'GET /products/:id/reviews/mine': { response: ReviewEligibilitySchema },
  'POST /products/:id/reviews': { body: ReviewBodySchema, response: ReviewCreatedSchema },
  'GET /admin/reviews': { query: AdminReviewListQuerySchema, response: AdminReviewListSchema },
  'POST /admin/reviews/:id/publish': { query: LangQuerySchema, response: AdminReviewSchema },
  'POST /admin/reviews/:id/hide': { query: LangQuerySchema, response: AdminReviewSchema },

  // Returns and complaints
  'GET /orders/:id/returns': { response: ReturnListSchema },
  'POST /orders/:id/returns/quote': { body: CreateReturnBodySchema, response: ReturnQuoteSchema },
  'POST /orders/:id/returns': { body: CreateReturnBodySchema, response: ReturnAnswerSchema },
  'GET /admin/returns': { query: AdminReturnsQuerySchema, response: AdminReturnsSchema },
  'GET /admin/returns/stats': { response: ReturnStatsSchema },
  'POST /admin/returns/:id/approve': { response: AdminReturnAnswerSchema },
  'POST /admin/returns/:id/reject': { body: RejectReturnBodySchema, response: AdminReturnAnswerSchema },
  'POST /admin/returns/:id/receive': { body: ReceiveReturnBodySchema, response: AdminReturnAnswerSchema },
  'POST /orders/:id/complaints': { form: true, response: ComplaintCreatedSchema },
  'GET /admin/complaints': { query: AdminComplaintsQuerySchema, response: AdminComplaintsSchema },
  'POST /admin/complaints/:id/decide': { body: DecideComplaintBodySchema, response: AdminComplaintSchema },
  'POST /admin/complaints/:id/repaired': { response: AdminComplaintSchema },

  // Campaigns
  'GET /admin/campaigns': { response: CampaignListSchema },
  'POST /admin/campaigns': { body: CampaignBodySchema, response: CampaignSchema },
  'PUT /admin/campaigns/:id': { body: CampaignBodySchema, response: CampaignSchema },
  'POST /admin/campaigns/:id/test': { response: CampaignTestAnswerSchema },
  'POST /admin/campaigns/:id/send': { response: CampaignSchema },
  'POST /admin/campaigns/:id/schedule': { body: ScheduleCampaignBodySchema, response: CampaignSchema },
  'POST /admin/campaigns/:id/stop': { response: CampaignSchema },

  // The catalogue, its search and the recall notices
  'GET /products': { query: ProductListQuerySchema, response: ProductListSchema },
  'GET /products/:id': { query: LangQuerySchema, response: ProductSchema },
  'GET /recalls': { response: RecallsSchema },
  'GET /recalls/:id': { response: RecallSchema },

  // Product editing: products, colours and their images, stock, details, sales, recalls
  'GET /admin/products': { query: LangQuerySchema, response: ProductListSchema },
  'POST /products': { body: CreateProductBodySchema, response: CreateProductResponseSchema },
  'POST /products/upload-images': { form: true, response: SuccessSchema },
  'PUT /products/:id': { form: true, response: SuccessSchema },
  'DELETE /products/:id': { response: SuccessSchema },
  'PUT /products/:id/add-color': { form: true, response: AddColorResponseSchema },
  'POST /admin/products/:id/colors/:colorId/images': { form: true, response: AddColorResponseSchema },
  'PUT /admin/products/:id/colors/:colorId/images': { body: ColorImagesBodySchema, response: AddColorResponseSchema },
  'PUT /products/:id/stock': { body: UpdateStockBodySchema, response: UpdateStockResponseSchema },
  'PUT /admin/products/:id/details': {
    query: LangQuerySchema,
    body: ProductDetailsBodySchema,
    response: ProductSchema,
  },
  'PUT /admin/products/:id/sale': { query: LangQuerySchema, body: SaleBodySchema, response: ProductSchema },
  'DELETE /admin/products/:id/sale': { query: LangQuerySchema, response: ProductSchema },
  'GET /admin/products/:id/price-history': { response: PriceHistorySchema },
  'POST /admin/products/:id/recall': { body: RecallBodySchema, response: RecallPublishedSchema },
  'PUT /admin/recalls/:id': { body: RecallTextsBodySchema, response: RecallSchema },
  'POST /admin/recalls/:id/close': { response: RecallSchema },

  // Couriers' offices and lockers
  'GET /couriers/cities': { query: CourierCitiesQuerySchema, response: CourierCitiesSchema },
  'GET /couriers/offices': { query: OfficesQuerySchema, response: CourierOfficesSchema },
  'POST /admin/couriers/sync': { response: OfficeSyncResultSchema },

  // The admin's figures, backups and a campaign's audience
  'GET /admin/stats': { query: StatsQuerySchema, response: StatsSchema },
  'GET /admin/backups': { response: BackupOverviewSchema },
  'GET /admin/campaigns/audience': { query: AudienceSchema, response: AudienceCountSchema },

  // The shop's settings
  'GET /settings': { response: SettingsSchema },
  'GET /admin/settings': { response: SettingsSchema },
  'PUT /admin/settings': { body: UpdateSettingsBodySchema, response: SettingsSchema },

  // The checkout: the pay button's provider, the quote, the order
  'GET /checkout': { response: CheckoutInfoSchema },
  'POST /checkout/quote': { body: QuoteBodySchema, response: QuoteSchema },
  'POST /checkout/session': { query: LangQuerySchema, body: CheckoutBodySchema, response: CheckoutSessionSchema },

  // The signed-in account (the session's user)
  'GET /profile': { response: ProfileSchema },

  // An order's documents, and an invoice asked for after the order (by its shopper or an admin)
  'GET /orders/:id/documents': { response: OrderDocumentsSchema },
  'POST /orders/:id/invoice': { body: InvoiceDetailsSchema, response: InvoiceRequestAnswerSchema },
  'POST /admin/orders/:id/invoice': { body: InvoiceDetailsSchema, response: InvoiceRequestAnswerSchema },

  // The admin's orders and the owner's steps on them
  'GET /admin/orders': { query: AdminOrdersQuerySchema, response: AdminOrdersResponseSchema },
  'GET /admin/orders/:id': { response: AdminOrderSchema },
  'POST /admin/orders/:id/confirm': { response: AdminOrderSchema },
  'POST /admin/orders/:id/ship': { body: ShipOrderBodySchema, response: AdminOrderSchema },
  'POST /admin/orders/:id/shipment': { body: CreateShipmentBodySchema, response: AdminOrderSchema },
  'POST /admin/orders/:id/deliver': { response: AdminOrderSchema },
  'POST /admin/orders/:id/cancel': { body: CancelOrderBodySchema, response: AdminOrderSchema },
  'POST /admin/orders/:id/refund': { body: RefundOrderBodySchema, response: AdminOrderSchema },
  'POST /admin/orders/:id/return': { body: ReturnOrderBodySchema, response: AdminOrderSchema },
  'POST /admin/orders/:id/withdrawal/refund': { body: WithdrawalRefundBodySchema, response: AdminOrderSchema },

  // The admin's documents and records
  'GET /admin/documents': { query: AdminDocumentsQuerySchema, response: AdminDocumentsSchema },
  'GET /admin/records/month': { query: AuditFileQuerySchema, response: RecordsMonthSchema },

  // The catalogue's import and the feeds' check
  'POST /admin/products/import': { form: true, response: ImportSummarySchema },
  'POST /admin/products/import/:importId/apply': { response: ImportAppliedSchema },
  'POST /admin/products/import/:importId/undo': { response: ImportUndoneSchema },
  'GET /admin/products/import/last': { response: LastImportSchema },
  'GET /admin/products/feed-check': { query: FeedCheckQuerySchema, response: FeedCheckSchema },

  // The shopper's orders
  'GET /orders': { response: z.array(OrderSchema) },
  'GET /orders/:id': { response: OrderSchema },
  'GET /orders/by-session/:sessionId': { response: OrderSchema },
  'POST /orders/:id/cancel': { response: OrderSchema },
  'POST /orders/:id/withdrawal': { body: CreateWithdrawalBodySchema, response: WithdrawalSchema },

  // The public withdrawal form and its mailed link
  'POST /withdrawals': { body: PublicWithdrawalBodySchema, response: WithdrawalRequestedSchema },
  'GET /withdrawals/confirm': { query: WithdrawalLinkQuerySchema, response: WithdrawalRequestSchema },
  'POST /withdrawals/confirm': { body: ConfirmWithdrawalBodySchema, response: WithdrawalSchema },
} as const;

export type ApiRoutes = typeof API_ROUTES;
/** A route of the table: `'GET /orders/:id'`. */
export type ApiRoute = keyof ApiRoutes;
/** What a route answers, as the web reads it (`void`: no content, a 204). */
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]['response'] extends z.ZodNull
  ? void
  : z.output<ApiRoutes[R]['response']>;
/** What a route takes as its JSON body, as the web sends it (`undefined`: none, or a form). */
export type ApiBody<R extends ApiRoute> = ApiRoutes[R] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
/** What a route's query string takes, as the web sends it (no fields: none). */
export type ApiQuery<R extends ApiRoute> = ApiRoutes[R] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : Record<never, never>;
