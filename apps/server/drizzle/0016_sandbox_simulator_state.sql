CREATE SEQUENCE "public"."sandbox_vtpass_wallet_credit_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sandbox_vtpass_float" (
	"id" integer PRIMARY KEY NOT NULL,
	"float_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_vtpass_recent_targets" (
	"target_key" text PRIMARY KEY NOT NULL,
	"last_sale_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_vtpass_sales" (
	"request_id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"variation_code" text,
	"phone" text NOT NULL,
	"unique_element" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_bps" integer NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"product_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_vtpass_sales_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1),
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolve_at" timestamp with time zone,
	"wallet_credit_id" integer,
	"extras" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000001 CACHE 1),
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"customer_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_paystack_accounts_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "sandbox_paystack_accounts_customer_code_unique" UNIQUE("customer_code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000001 CACHE 1),
	"code" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"metadata" json,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_paystack_customers_code_unique" UNIQUE("code"),
	CONSTRAINT "sandbox_paystack_customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000001 CACHE 1),
	"reference" text NOT NULL,
	"access_code" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"callback_url" text,
	"metadata" json,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"gateway_response" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"fees_kobo" bigint,
	"customer_code" text NOT NULL,
	"authorization" json NOT NULL,
	"card_awaiting_pin" text,
	CONSTRAINT "sandbox_paystack_transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_paystack_transactions_access_code_unique" UNIQUE("access_code")
);
--> statement-breakpoint
ALTER TABLE "sandbox_paystack_accounts" ADD CONSTRAINT "sandbox_paystack_accounts_customer_code_sandbox_paystack_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."sandbox_paystack_customers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_paystack_transactions" ADD CONSTRAINT "sandbox_paystack_transactions_customer_code_sandbox_paystack_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."sandbox_paystack_customers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_vtpass_sales_pending_idx" ON "sandbox_vtpass_sales" USING btree ("request_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_paystack_transactions_customer_idx" ON "sandbox_paystack_transactions" USING btree ("customer_code");