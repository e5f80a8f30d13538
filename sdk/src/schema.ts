/**
 * Generated from the OpenAPI document (sdk/openapi.json) by openapi-typescript; do not edit.
 * Regenerate with `npm run sdk` after changing a route or a schema.
 */

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to start
         * @description Links to the API, its interactive documentation and this document. A browser (Accept: text/html) gets the web application instead.
         */
        get: operations["getServiceIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description Liveness: answers while the process runs, whatever the database does.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers
         * @description Readiness: 200 when the database answers a query, 503 otherwise (take the instance out of rotation).
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file through its signed link
         * @description The link (File.link) is the credential: no API key. An expired or altered link answers 403; a file that is gone, 404. Served as an attachment in a Content-Security-Policy sandbox.
         */
        get: operations["downloadFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calendar/{feed}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An appraiser’s scheduled inspections as an iCalendar feed (.ics)
         * @description The address from POST /api/v1/me/calendar_feed, no key: calendar apps cannot send one. RFC 5545, times in UTC, one event per scheduled inspection (an hour long), each with a stable UID so that a rescheduled inspection moves. An unknown or replaced address answers 404.
         */
        get: operations["getCalendarFeedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign_in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an email and a password
         * @description Opens a session: its cookie (HttpOnly, SameSite=Lax) authenticates the web application and /api/v1. An unknown email and a wrong password answer alike (401 invalid_credentials). Attempts are limited per email (RATE_LIMIT_SIGN_IN_PER_EMAIL_PER_MINUTE) and per address (RATE_LIMIT_SIGN_IN_PER_ADDRESS_PER_MINUTE). A browser's post from a page of another site is refused (403).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description With the CSRF token that requests other than GET must carry. 401 when not signed in.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign_out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends this session (with its X-CSRF-Token).
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a password-reset link
         * @description The link works once, for PASSWORD_RESET_TTL_MINUTES; asking again makes the earlier link void. The answer is the same, and as fast, whether the email has an account or not. One email may be sent RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR links an hour (429 beyond, for any email).
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a password with an invitation's or a reset's link
         * @description The link works once. Every session of the user ends, and a new one opens.
         */
        post: operations["setPasswordWithLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your password
         * @description With the current one (and the X-CSRF-Token). Every other session of yours ends.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The current user, with a single-sign-on token; or invite a user
         * @description Answers the user whose permissions apply: the key owner, or the user named by X-Api-Email (or X-User-Email) when the key owner administers that user. When X-Api-Email names no user and X-Api-First-Name and X-Api-Last-Name come with it, the user is created in the caller's organization (X-Api-Role: staff or appraiser in a company) and emailed an invitation; the answer is the new user. Inviting is for staff and client admins.
         */
        post: operations["getCurrentUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notification_settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which status notices you get by email
         * @description Every status notice of your role, with whether it arrives. Each email links to the order in the web application.
         */
        get: operations["getNotificationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn status notices on or off
         * @description Send the kinds to change: {"new_offer": false} turns new offers off, true turns them back on; the others stay. A kind of another role answers 422.
         */
        patch: operations["changeNotificationSettings"];
        trace?: never;
    };
    "/api/v1/me/payment_card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your card on file (appraisers)
         * @description The card the company's submission fees are charged to: brand, last four digits and expiry. 404 when there is none.
         */
        get: operations["getPaymentCard"];
        /**
         * Put a card on file (appraisers), replacing the one before
         * @description The card goes to the card processor, which keeps it; the service stores only the processor's token, the brand and the last four digits.
         */
        put: operations["putPaymentCard"];
        post?: never;
        /**
         * Remove your card on file
         * @description Submission fees can then not be charged until a card is put on file again. 404 when there is no card on file.
         */
        delete: operations["deletePaymentCard"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/order_lists/{list}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your columns and saved views of an order list
         * @description The columns you chose for the list (null: your role's defaults, which the web application knows) and your saved views, by name.
         */
        get: operations["getOrderListSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/order_lists/{list}/columns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the columns of an order list
         * @description The columns in the order shown, each once; null goes back to your role's defaults. An unknown column answers 422.
         */
        put: operations["putOrderListColumns"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/order_lists/{list}/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a view of an order list
         * @description The search, sort and columns under a name of yours. A name you gave another view of the list answers 409 naming `name`; at most 50 views a list.
         */
        post: operations["createOrderListView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/order_lists/{list}/views/{view_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of your saved views
         * @description Only your own views; any other id answers 404.
         */
        delete: operations["deleteOrderListView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/work": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your orders as work to do (appraisers)
         * @description Open offers with the time left to answer, then orders to schedule, inspect, submit or revise, on hold, in review, and those closed in the last 180 days with your fee (never the lender’s).
         */
        get: operations["listMyWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/calendar_feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether you have a calendar feed address (appraisers)
         * @description The address itself is shown only when it is made (POST).
         */
        get: operations["getCalendarFeed"];
        put?: never;
        /**
         * Make a new private calendar feed address (appraisers)
         * @description Answers the address calendar apps subscribe to (GET /calendar/{token}.ics, no key needed): your scheduled inspections. An address made before stops working.
         */
        post: operations["renewCalendarFeed"];
        /**
         * Stop your calendar feed: its address stops working
         * @description 404 when you have none.
         */
        delete: operations["deleteCalendarFeed"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The users you administer or work with
         * @description Staff: their company's users and those of the clients it serves; a client's users: their client's; operators: everyone (at most 1,000). By organization (the company first), then name. organization_id narrows to one of them; another answers 404.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Invite a user: they are emailed a link to choose a password
         * @description Into your organization, or (staff) into a client your company serves. The same invitation as POST /me with X-Api-Email, with the fields in the body. Staff and client admins; an email already in use answers 403 like any user you may not act for.
         */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a user's role, admin flag or access (administrators)
         * @description The organization's admins (a company's admins also for its clients' users); operators. Not yourself. role is for a company's users (staff or appraiser); an appraiser with open orders keeps the role until they are reassigned (409). active: false deactivates the user: every key is revoked, every session ends, and they no longer sign in or can be acted for; true lets them back in (they issue new keys).
         */
        patch: operations["changeUser"];
        trace?: never;
    };
    "/api/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API keys (never the keys themselves)
         * @description Newest first, revoked ones included (with revoked_at).
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Issue a new API key for yourself; it is shown once
         * @description The key is stored only as a hash: keep it now. A key of another organization acting for you (X-Api-Email) may not issue one in your name (403). One user holds at most API_KEYS_PER_USER keys not revoked (25 unless configured; 409 beyond), and all of them share one rate limit.
         */
        post: operations["issueApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api_keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your API keys (operators: any key)
         * @description It stops working at once on this process and within 5 seconds on every other. Another user's key is 404.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clients (lenders) you can see: staff those their company serves, client users their own
         * @description Ransack-style search: q[name_cont]=bank, q[name_eq]=..., q[client_type_id_eq]=<id>, q[s]=name desc. An unknown attribute or predicate, or a value of the wrong type, answers 422 naming the q[...] key. A bare array, sorted by name.
         */
        get: operations["listClients"];
        put?: never;
        /**
         * Create a client (staff: served by your company; operators)
         * @description With its address and contacts, wrapped in organization. add_all_products attaches every product of the serving company. phone_type takes the names people use (Office, Cell, …).
         */
        post: operations["createClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Kinds of client (bank, credit union, ...)
         * @description Ransack-style search: q[name_cont]=bank, q[name_eq]=..., q[client_type_id_eq]=<id>, q[s]=name desc. An unknown attribute or predicate, or a value of the wrong type, answers 422 naming the q[...] key. A bare array, sorted by name; client_type_id in POST /clients takes these ids.
         */
        get: operations["listClientTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/{client_id}/configurations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A client's configuration: companies, products, payment methods, parties, branches, property types
         * @description Read it before placing an order: it gives the company_id, product_ids, client_user_ids (parties) and property_type_id an order names. Staff see only their own company's entry.
         */
        get: operations["getClientConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/{client_id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your company's settings for a client it serves
         * @description Client review of reports, payment before assignment, the review of the client's requests, messages through the company, and release of the report after payment (docs/api.md). Operators name the company with company_id when several serve the client.
         */
        get: operations["getClientSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your company's settings for a client (the company's admins; operators)
         * @description Send only what changes; the answer is the settings as they now are.
         */
        patch: operations["changeClientSettings"];
        trace?: never;
    };
    "/api/v1/clients/{client_id}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who of the client sees which of its orders
         * @description The client's own setting order_visibility: all of its orders, or only those of the user's branch or their own, for its users who are not admins. Read by the client's users and the staff of the companies serving it.
         */
        get: operations["getClientAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change who of the client sees which of its orders (the client's admins, its company's admins, operators)
         * @description The answer is the setting as it now is; every process applies it within 5 seconds.
         */
        patch: operations["changeClientAccess"];
        trace?: never;
    };
    "/api/v1/clients/{client_id}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which of your company's products a client may order, and at what fee
         * @description Every product of the company, with whether the client is offered it and the client's own fee (null: the standard fee). Operators name the company with company_id when several serve the client.
         */
        get: operations["getClientProducts"];
        /**
         * Set the products a client may order and its own fees (the company's admins; operators)
         * @description The list replaces the client's products of your company: those left out are withdrawn. A fee replaces the product's standard fee on the orders the client places from then on; orders already placed keep their fees.
         */
        put: operations["changeClientProducts"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/property_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Property types
         * @description A bare array of {id, name, slug}; orders name one by property_type_id.
         */
        get: operations["listPropertyTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your company's settings
         * @description The submission fee it charges appraisers and the payment methods it takes. Staff of the company; operators.
         */
        get: operations["getCompanySettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your company's settings (its admins; operators)
         * @description Send only what changes; submission_fee null removes the fee.
         */
        patch: operations["changeCompanySettings"];
        trace?: never;
    };
    "/api/v1/insight": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's figures: volume, turn times, on-time and revision rates, open orders
         * @description Over whole calendar months up to today (UTC days): orders received and completed per week, turn time (created to fulfilled: median and 90th percentile in whole days) per month of fulfilment and per first product, the share fulfilled by the due date, the share sent back for a revision first, and each appraiser's open orders. Every count carries the q terms of GET /orders that list its orders. Staff: their company; operators: every company, or company_id.
         */
        get: operations["getInsight"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders you can see, newest first, with paging and Ransack-style search
         * @description Attributes for q: id, status_name, status_id, file_number, loan_number, loan_type, transaction_type, borrower_first_name, borrower_last_name, borrower_name, keywords, address_city, address_state, address_zip, address_street, due_date, created_at, updated_at, completed_at, fulfilled_at, open, on_time, revised, product_id, client_id, company_id, appraiser_id, created_by_id, offer_expires_at, vendor_due_date, payment_method. Examples: q[status_name_eq]=Assigned, q[file_number_cont]=0042, q[due_date_lteq]=2026-12-31, q[loan_type_in][]=fha, q[address_state_eq]=TX, q[s]=due_date desc. Deep pages: pass pagination.next_cursor as after= (instead of page) to continue after the last order of a page, with the same q[s].
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order (clients and staff)
         * @description Product, client user and property type ids come from GET /clients/{client_id}/configuration. With draft: true the order waits in Draft until the place action. A client that pays before assignment sees it wait in Waiting payment.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/status_counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many of your orders are in each status
         * @description Takes the q[…] terms of GET /orders; its status terms are left aside, so that each status shows what choosing it would find (a status filter with counts).
         */
        get: operations["countOrdersByStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every order a search finds, as a CSV file
         * @description Takes the q[…] terms and the sort of GET /orders (page and per_page are ignored: every matching order is in the file, in the order of the list). The file is streamed as the rows are read, so a large export does not wait or weigh on the service. Cells a spreadsheet would take for a formula (starting with =, +, -, @) are prefixed with a single quote.
         */
        get: operations["exportOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order
         * @description Everything the caller may see of it; allowed_transitions lists the actions the caller may take now. Fees follow who is asking (docs/api.md).
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct an order: borrower, loan number and amount, due date, instructions, access contact, address
         * @description For the order's client users and its company's staff; the appraiser never (403). Only the fields given change, each checked first (422 names every bad one; nothing changes). The due date must be today or later (TIME_ZONE); a client corrects the address only until an appraiser has accepted the order, and nobody corrects a Completed, Fulfilled or Cancelled order (409). Recorded in the history (action correct_order, each field before and after) and announced by the order.updated event. Send the detail's version as If-Match: a correction made on a stale read answers 409. Answers the order as it stands now.
         */
        patch: operations["correctOrder"];
        trace?: never;
    };
    "/api/v1/orders/{order_id}/subject_address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the subject property's address
         * @description Every field optional; absent fields stay. The county follows a new zip unless given.
         */
        put: operations["changeSubjectAddress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's history
         * @description Every status change and every change that matters (notes, files, fees, parties): who, acting for whom, when, from, to, why. Oldest first; fees follow who is asking.
         */
        get: operations["getOrderHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's appraiser panel
         * @description Staff see their company's appraisers with each one's open orders; operators see all.
         */
        get: operations["listAppraisers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pipeline: what needs the company now, queue by queue, with counts
         * @description Each queue names its statuses; list its orders with GET /orders?q[status_name_in][]=<status>&q[s]=due_date asc. Overdue: due before as_of; due soon: within 48 hours.
         */
        get: operations["listOrderQueues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/appraiser_candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The appraisers who could take the order, with each one's workload and last fee
         * @description The panel of the order's company, by name: open orders, next due dates, the fee last accepted for the order's (first) product, and whether they already turned this order down. Offer with PUT /orders/{order_id}/assign.
         */
        get: operations["listAppraiserCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An appraiser's licenses, errors-and-omissions policy and what the company confirmed
         * @description The appraiser themself, their company's staff and operators; another appraiser or another company's staff get 404.
         */
        get: operations["getAppraiserCredentials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/licenses/{state}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Record an appraiser's license in a state (one per state)
         * @description By the appraiser (never someone acting for them) or their company's staff. Replaces the license recorded in that state; a change of its number, level or dates clears its verification. `state` is a USPS code; one that names no state answers 422.
         */
        put: operations["putAppraiserLicense"];
        post?: never;
        /**
         * Remove an appraiser's license in a state
         * @description Kept in the credential changes. No license there answers 404.
         */
        delete: operations["deleteAppraiserLicense"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/licenses/{state}/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Verify a license (the company's staff)
         * @description The company's staff, having checked it with the state or the ASC National Registry. Anyone else gets 403.
         */
        put: operations["verifyAppraiserLicense"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/eo_policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Record an appraiser's errors-and-omissions policy
         * @description By the appraiser (never someone acting for them) or their company's staff. Replaces the policy recorded (a renewal); a change clears its verification.
         */
        put: operations["putAppraiserEoPolicy"];
        post?: never;
        /**
         * Remove an appraiser's errors-and-omissions policy
         * @description Kept in the credential changes. None recorded answers 404.
         */
        delete: operations["deleteAppraiserEoPolicy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/eo_policy/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Verify an errors-and-omissions policy (the company's staff)
         * @description The company's staff, having seen the certificate. Anyone else gets 403.
         */
        put: operations["verifyAppraiserEoPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change what the company confirmed (FHA roster, W-9) and the capacity
         * @description `fha_roster` and `w9_on_file` are the company's staff's to confirm (anyone else naming them gets 403 naming the field); `capacity`, the most open orders at once, is the appraiser's or the staff's.
         */
        patch: operations["patchAppraiserProfile"];
        trace?: never;
    };
    "/api/v1/appraisers/{appraiser_id}/credential_changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every change of an appraiser's credentials, newest first
         * @description Who changed what, with the values before and after; the latest 200.
         */
        get: operations["listAppraiserCredentialChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/place": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Place a draft order: staff place it Unassigned; a client places it Pending for the company to accept
         * @description Who: client users, staff. From: Draft. To: Pending, Unassigned. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["place"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/accept_order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept an order placed by the client (it waits for payment first if the client pays before assignment)
         * @description Who: staff. From: Pending. To: Unassigned. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["acceptOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/decline_order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Decline an order placed by the client
         * @description Who: staff. From: Pending. To: Cancelled. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["declineOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ask for payment before the work starts (the payment link is sent separately)
         * @description Who: staff. From: Unassigned. To: Waiting payment. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestPayment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/waive_payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Go on without waiting for the payment (paid another way, or waived): the order can be assigned
         * @description Who: staff. From: Waiting payment. To: Unassigned. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["waivePayment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/start_bidding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Open the order to bids from the panel before assigning it
         * @description Who: staff. From: Unassigned. To: Bidding. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["startBidding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/auto_assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Let the service offer the order to the panel appraiser with the fewest open orders who has not turned it down
         * @description Who: staff. From: Unassigned, Assignment rejected, Assignment timed out. To: Auto assign processing. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["autoAssign"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Offer the order to an appraiser of the company (GET /api/v1/appraisers lists them)
         * @description Who: staff. From: Unassigned, Bidding, Assignment rejected, Assignment timed out, Refused negotiation. To: Pending assignment. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["assign"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/accept_assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept the offer; a fee, due date or comment makes it an acceptance with condition
         * @description Who: the offered or assigned appraiser. From: Pending assignment. To: Assigned, Assignment accepted with condition. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["acceptAssignment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/reject_assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Decline the offer
         * @description Who: the offered or assigned appraiser. From: Pending assignment. To: Assignment rejected. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["rejectAssignment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/approve_assignment_condition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept the appraiser's condition, and decide what to ask the lender, if anything: client_total_fee asks a new total (the current total plus the appraiser's increase passes it on; left out, the lender's fee stays and the company absorbs it), client_due_date a date (left out: the appraiser's date when later than the lender's), client_comments are the company's words. The appraiser's terms and comments never reach the lender. A change for the lender waits for the lender's decision (Under negotiation)
         * @description Who: staff. From: Assignment accepted with condition. To: Assigned, Under negotiation. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["approveAssignmentCondition"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/reject_assignment_condition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Refuse the appraiser's condition; the order is to be assigned again
         * @description Who: staff. From: Assignment accepted with condition. To: Assignment rejected. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["rejectAssignmentCondition"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_negotiation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ask the client to agree to a new fee and/or due date
         * @description Who: staff. From: Assigned, Inspection scheduled, Inspection completed. To: Under negotiation. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestNegotiation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/approve_negotiation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Agree to the new fee and/or due date
         * @description Who: client users. From: Under negotiation. To: Assigned, Inspection scheduled, Inspection completed. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["approveNegotiation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/refuse_negotiation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Refuse the new terms; the order is to be assigned again
         * @description Who: client users. From: Under negotiation. To: Refused negotiation. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["refuseNegotiation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/schedule_inspection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Schedule (or reschedule) the inspection
         * @description Who: the offered or assigned appraiser. From: Assigned, Inspection scheduled. To: Inspection scheduled. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["scheduleInspection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/complete_inspection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Record that the inspection took place
         * @description Who: the offered or assigned appraiser. From: Inspection scheduled. To: Inspection completed. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["completeInspection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_submission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Submit the appraisal report (files[]: attachment or file_id, file_type, product_id; at least one appraisal_pdf)
         * @description Who: the offered or assigned appraiser. From: Inspection completed, Client request, Action required, Submission fee failed. To: Submission requested, In review. Body as multipart/form-data with files, or JSON or form fields without. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestSubmission"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/retry_submission_fee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Charge the submission fee again (after updating the card on file: PUT /api/v1/me/payment_card); the report goes to review. 402 when the card is declined again
         * @description Who: the offered or assigned appraiser. From: Submission fee failed. To: In review. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["retrySubmissionFee"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/start_review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Start the internal quality review of the report
         * @description Who: staff. From: In review. To: Internal quality assurance. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["startReview"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/require_action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send the report back to the appraiser with what to fix
         * @description Who: staff. From: In review, Internal quality assurance. To: Action required. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requireAction"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_completion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Complete the order: to client review if the client requires it, to payment if a balance is due, else Completed
         * @description Who: staff. From: In review, Internal quality assurance. To: Client quality assurance, Completion requested, Completion payment hold, Completed. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestCompletion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/approve_report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept the report after client review
         * @description Who: client users. From: Client quality assurance. To: Completion requested, Completion payment hold, Completed. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["approveReport"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_revision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ask for a revision of the report (form: comments; attachments[] files): to the company's review first where the company reviews the client's requests, else to the appraiser
         * @description Who: client users. From: In review, Client quality assurance, Completed, Fulfilled. To: Client request. Body as multipart/form-data with files, or JSON or form fields without. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestRevision"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_reconsideration_of_value": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ask for a reconsideration of value (form-data: reason, summary, supporting_data, attachments[]): to the company's review first where the company reviews the client's requests, else to the appraiser
         * @description Who: client users. From: In review, Client quality assurance, Completed, Fulfilled. To: Client request. Body as multipart/form-data with files, or JSON or form fields without. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestReconsiderationOfValue"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/forward_request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Pass the client's request (revision, reconsideration of value) on to the appraiser: as the client wrote it, or in the company's words (comments); its attachments go with it unless include_attachments is false
         * @description Who: staff. From: Client request. To: Action required. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["forwardRequest"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/answer_request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Answer the client's request without sending the report back (comments: the answer the client reads); the order returns to where it was
         * @description Who: staff. From: Client request. To: In review, Client quality assurance, Completed, Fulfilled. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["answerRequest"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/fulfill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Deliver the completed appraisal
         * @description Who: anyone who sees the order. From: Completed. To: Fulfilled. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["fulfill"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/hold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Put the order on hold
         * @description Who: client users, staff. From: Draft, Pending, Waiting payment, Pending payment, Unassigned, Bidding, Auto assign processing, Pending assignment, Assignment accepted with condition, Assignment rejected, Assignment timed out, Under negotiation, Refused negotiation, Assigned, Inspection scheduled, Inspection completed, Submission requested, Submission fee failed, In review, Internal quality assurance, Action required, Client quality assurance, Client request, Completion requested, Completion payment hold. To: On hold. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["hold"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Take the order off hold, back to where it was
         * @description Who: client users, staff. From: On hold. To: the status before. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["resume"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/flag_attention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Flag the order as needing attention
         * @description Who: staff. From: Draft, Pending, Waiting payment, Pending payment, Unassigned, Bidding, Auto assign processing, Pending assignment, Assignment accepted with condition, Assignment rejected, Assignment timed out, Under negotiation, Refused negotiation, Assigned, Inspection scheduled, Inspection completed, Submission requested, Submission fee failed, In review, Internal quality assurance, Action required, Client quality assurance, Client request, Completion requested, Completion payment hold. To: Attention needed. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["flagAttention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/clear_attention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Clear the attention flag, back to where the order was
         * @description Who: staff. From: Attention needed. To: the status before. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["clearAttention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ask the client for missing information
         * @description Who: staff. From: Draft, Pending, Waiting payment, Pending payment, Unassigned, Bidding, Auto assign processing, Pending assignment, Assignment accepted with condition, Assignment rejected, Assignment timed out, Under negotiation, Refused negotiation, Assigned, Inspection scheduled, Inspection completed, Submission requested, Submission fee failed, In review, Internal quality assurance, Action required, Client quality assurance, Client request, Completion requested, Completion payment hold. To: Waiting info from client. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestInfo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/provide_info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Answer the request for information, back to where the order was
         * @description Who: client users. From: Waiting info from client. To: the status before. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["provideInfo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/request_cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ask the company to cancel the order
         * @description Who: client users. From: Draft, Pending, Waiting payment, Pending payment, Unassigned, Bidding, Auto assign processing, Pending assignment, Assignment accepted with condition, Assignment rejected, Assignment timed out, Under negotiation, Refused negotiation, Assigned, Inspection scheduled, Inspection completed, Submission requested, Submission fee failed, In review, Internal quality assurance, Action required, Client quality assurance, Client request, Completion requested, Completion payment hold, On hold, Attention needed, Waiting info from client. To: Cancel requested. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["requestCancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/deny_cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Refuse the cancellation request, back to where the order was
         * @description Who: staff. From: Cancel requested. To: the status before. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["denyCancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Cancel the order
         * @description Who: staff. From: Draft, Pending, Waiting payment, Pending payment, Unassigned, Bidding, Auto assign processing, Pending assignment, Assignment accepted with condition, Assignment rejected, Assignment timed out, Under negotiation, Refused negotiation, Assigned, Inspection scheduled, Inspection completed, Submission requested, Submission fee failed, In review, Internal quality assurance, Action required, Client quality assurance, Client request, Completion requested, Completion payment hold, On hold, Attention needed, Waiting info from client, Cancel requested. To: Cancelled. Body as JSON or form fields. 409 when the order's status does not allow it (the message lists allowed_transitions).
         */
        put: operations["cancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's files that reach you
         * @description Oldest first; each with a signed link that downloads it without an API key until it expires. The files whose audience reaches the caller; for the lender, a report's files once the company released them.
         */
        get: operations["listOrderFiles"];
        put?: never;
        /**
         * Upload a file to the order
         * @description multipart/form-data with the file in `attachment`, its kind in `file_type`, and who besides the company sees it in `audience` (each role has its default: docs/api.md). Appraisers may upload once assigned; an appraisal report goes through request_submission instead.
         */
        post: operations["uploadOrderFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change who sees a file (the company's staff)
         * @description Share a document with the others on the order (a lender's purchase agreement with the appraiser) or keep it from them. A report file is released with the report, and a note's attachment follows its note: 422 for either.
         */
        patch: operations["changeOrderFile"];
        trace?: never;
    };
    "/api/v1/orders/{order_id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's notes that reach you
         * @description Oldest first, with their attachments as signed links: the notes whose audience reaches the caller (the company's staff read them all).
         */
        get: operations["listOrderNotes"];
        put?: never;
        /**
         * Add a note
         * @description JSON, form or multipart/form-data (attachments[] are file parts, so only multipart carries them). audience says who besides the company reads it (and sees its attachments); each role has its default (docs/api.md). additional_emails[] receive the note by email.
         */
        post: operations["createOrderNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/notes/{note_id}/forward": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pass a note on (the company's staff)
         * @description A new note, written by you, with the original's words or your own and its attachments: a lender's message goes on to the appraiser, an appraiser's to the lender, unless audience says otherwise. The original keeps its own audience.
         */
        post: operations["forwardOrderNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/parties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a party to the order
         * @description Client users and staff. A party that is a point of contact receives the inspection contact details.
         */
        post: operations["addOrderParty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/parties/{party_id}/toggle_poc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a party's point-of-contact flag
         * @description poc as a form field or JSON.
         */
        put: operations["togglePartyPointOfContact"];
        /**
         * Set a party's point-of-contact flag
         * @description poc as a form field or JSON. The same as the PUT, for clients that cannot send PUT.
         */
        post: operations["togglePartyPointOfContactPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's invoice and payments
         * @description Client users, staff and operators: the client's fee, what was paid and how, the hosted card page, and whether card testing locked it.
         */
        get: operations["getOrderPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/send_payment_link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email the payment link to recipients
         * @description Body: {"emails": ["a@b.example", ...]} (also {"email": [...]}, {"email": "a@b.example"} or a bare JSON array). Each recipient gets an email with the hosted payment page link. 422 names each invalid address (emails[1]).
         */
        post: operations["sendPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{order_id}/update_payment_method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change how the order is paid
         * @description The client's decision: not taken by another organization acting for a client user (403).
         */
        patch: operations["updatePaymentMethod"];
        trace?: never;
    };
    "/api/v1/orders/{order_id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything that happened to the order, in one list
         * @description Its status changes and other recorded changes (the history), notes, files, the emails the service sent about it, and its payments: each with when (ISO 8601), its type, who did it and a line to show, newest first unless sort=oldest. Each record is shown exactly as its own list shows it to you: an internal note, a file or email for the appraiser, the appraiser’s fee never reach the lender; payments never reach the appraiser.
         */
        get: operations["getOrderTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your organization's subscriptions
         * @description Operators see every organization’s. Secrets are never shown again.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe to events
         * @description Organization admins for their organization, operators for any. The URL must be http(s) and reach a public address. The signing secret is shown once: a retry with the same Idempotency-Key answers 409 naming the subscription.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subscription
         * @description Whether it is active, and why the service disabled it if it did.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a subscription
         * @description Pending deliveries to it stop.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a subscription
         * @description "active": true re-enables a subscription the service disabled; absent fields stay.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description The new secret is shown once and signs every delivery from now on.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log
         * @description Newest first: attempts, status codes, latency, next retry.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description A new delivery of the same event, with the same webhook-id header so that receivers can tell it is the same.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this subscription
         * @description Queued at once; its delivery shows in the delivery log.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes to the orders you can see, as they happen (server-sent events)
         * @description Open it with EventSource (a web session) or any client that reads text/event-stream (an API key). With Last-Event-ID, the events you may see that followed that one come first: up to 500, from the last 15 minutes, starting a few seconds before it (an id may come twice: skip ids you have). Without it, `since` (a date-time: when you last read what you show, such as the Date of your first answer) replays the events written from then on, within the same bounds; a `since` older than 15 minutes asks for a resync. At most 10 streams per user at once (429 beyond). Signing out, revoking the key or the service shutting down ends the stream; reconnect with Last-Event-ID (EventSource does both by itself).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.created
         * @description An order was placed. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.status_changed
         * @description The order changed status. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderStatusChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.assigned
         * @description The order was offered to an appraiser. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderAssigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.offer_answered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.offer_answered
         * @description The appraiser accepted (possibly with conditions) or rejected the offer. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderOfferAnswered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.inspection_scheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.inspection_scheduled
         * @description The inspection was scheduled. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderInspectionScheduled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.inspection_completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.inspection_completed
         * @description The inspection took place. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderInspectionCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.submission_received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.submission_received
         * @description The appraiser submitted the report; the company reviews it before the lender gets it. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderSubmissionReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.revision_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.revision_requested
         * @description The client asked for a revision. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderRevisionRequested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.reconsideration_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.reconsideration_requested
         * @description The client asked for a reconsideration of value. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderReconsiderationRequested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.negotiation_opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.negotiation_opened
         * @description A change of the client's fee and/or due date awaits the client's decision. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderNegotiationOpened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.negotiation_answered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.negotiation_answered
         * @description The client approved or refused the new terms. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderNegotiationAnswered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.note_added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.note_added
         * @description A note was added; to those in the note's audience. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderNoteAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.file_added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.file_added
         * @description A file was uploaded; to those in the file's audience. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderFileAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.report_released": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.report_released
         * @description The company released the report to the lender (the order was completed or sent to client review, and paid where the company asks for payment first): its files are now listed for the lender. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderReportReleased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.updated
         * @description The order was corrected (PATCH /orders/{order_id}): each field changed, before and after; a side's subscriptions and live updates never carry a field that side may not see (the lender's loan amount reaches no appraiser). Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.party_added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.party_added
         * @description A party was added. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderPartyAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.payment_received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.payment_received
         * @description A payment was received. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderPaymentReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.payment_link_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.payment_link_sent
         * @description A payment link was emailed. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookOrderPaymentLinkSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent by POST /api/v1/webhooks/{id}/test to check a receiver. Signed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (HMAC-SHA256; docs/webhooks.md).
         */
        post: operations["webhookWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The action was done */
        Success: {
            /**
             * @example true
             * @enum {boolean}
             */
            success: true;
        };
        FieldProblem: {
            /**
             * @description The field as the request named it: borrower.first_name, product_ids[0]
             * @example borrower.first_name
             */
            field: string;
            /** @example is required */
            message: string;
        };
        /** @description Every error answers this */
        Error: {
            /**
             * @example false
             * @enum {boolean}
             */
            success: false;
            error: {
                /**
                 * @description Machine-readable, one of a closed set; each code is documented in docs/api.md, "Error codes" (docs/api.md#error-<code>)
                 * @example validation_failed
                 * @enum {unknown}
                 */
                code: "bad_request" | "invalid_json" | "invalid_multipart" | "unauthenticated" | "invalid_credentials" | "payment_declined" | "csrf_failed" | "forbidden" | "cannot_act_as" | "not_found" | "route_not_found" | "method_not_allowed" | "request_timeout" | "transition_not_allowed" | "conflict" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "headers_too_large" | "internal_error" | "service_unavailable";
                /**
                 * @description For a person
                 * @example Invalid input: borrower.first_name, product_ids[0]
                 */
                message: string;
                /** @description Each failing field (422), else empty */
                details: components["schemas"]["FieldProblem"][];
            };
            /**
             * @description Also the X-Request-Id header; finds the request in the logs
             * @example c8a1f4e2-7b3d-4e9a-9f21-5d6c0b8e4a17
             */
            request_id: string;
        };
        /** @description Where to find the API and its documentation */
        ServiceIndex: {
            /** @example Appraisal Order Management */
            name: string;
            /**
             * @description Where the API starts
             * @example https://appraisals.example.com/api/v1
             */
            api: string;
            /**
             * @description The interactive documentation
             * @example https://appraisals.example.com/docs
             */
            docs: string;
            /**
             * @description This document
             * @example https://appraisals.example.com/openapi.json
             */
            openapi: string;
        };
        /** @description All is well */
        HealthStatus: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
        };
        /** @description The signed-in user and what their requests need */
        Session: {
            user: {
                /**
                 * Format: uuid
                 * @example 57243582-c15e-4dd6-810b-6d7fe87ed14f
                 */
                id: string;
                /** @example Lou Officer */
                name: string;
                /** @example lou.officer@hillcountry.example */
                email: string;
                /**
                 * @example client
                 * @enum {unknown}
                 */
                role: "client" | "staff" | "appraiser" | "operator";
                organization_id: string | null;
                /** @example false */
                is_admin: boolean;
            };
            actor: {
                /**
                 * Format: uuid
                 * @example 4080d07e-e341-43d4-bb37-72dba9b07256
                 */
                id: string;
                /** @example Casey Client */
                name: string;
                /** @example casey.client@hillcountry.example */
                email: string;
            } | null;
            /**
             * @description Send it as X-CSRF-Token on every request but GET that the session cookie authenticates
             * @example TObAX3UScpMxJISUAHstYwKGpjdy9eLOCu0ZG2KwzJw
             */
            csrf_token: string;
            /**
             * Format: date-time
             * @description When the session ends, used or not
             * @example 2026-11-27T23:00:00.000Z
             */
            expires_at: string;
        };
        SignInRequest: {
            /**
             * Format: email
             * @example lou.officer@hillcountry.example
             */
            email: string;
            /**
             * @description 12 to 128 characters
             * @example correct horse battery staple
             */
            password: string;
        };
        ForgotPasswordRequest: {
            /**
             * Format: email
             * @example lou.officer@hillcountry.example
             */
            email: string;
        };
        SetPasswordRequest: {
            /**
             * @description The link's token (from the email)
             * @example wRSKlGCPzqhRUZtRfdczuH8kfTYzAJBxwRdKaUrWWi8
             */
            token: string;
            /**
             * @description 12 to 128 characters
             * @example correct horse battery staple
             */
            password: string;
        };
        ChangePasswordRequest: {
            /**
             * @description Empty when no password was set yet
             * @example correct horse battery staple
             */
            current_password: string;
            /**
             * @description 12 to 128 characters
             * @example a brand new passphrase
             */
            password: string;
        };
        /** @description A user, with a single-sign-on token */
        User: {
            /**
             * Format: uuid
             * @example 57243582-c15e-4dd6-810b-6d7fe87ed14f
             */
            id: string;
            /** @example Lou Officer */
            name: string;
            /**
             * Format: email
             * @example lou.officer@hillcountry.example
             */
            email: string;
            /**
             * @description Signed single-sign-on token for the web application (/sso?token=…); carries exp
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI1NzI0MzU4Mi1jMTVlLTRkZDYtODEwYi02ZDdmZTg3ZWQxNGYifQ.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2aWNl
             */
            jwt: string;
        };
        /** @description One kind of status email, and whether it arrives */
        NotificationSetting: {
            /**
             * @example new_offer
             * @enum {unknown}
             */
            kind: "new_offer" | "revision_requested" | "order_on_hold" | "order_resumed" | "order_cancelled" | "appraiser_removed" | "condition_rejected" | "offer_timed_out" | "appraiser_assigned" | "inspection_scheduled" | "report_delivered" | "request_answered" | "payment_due" | "report_to_review" | "info_requested" | "order_declined" | "lender_order_cancelled" | "negotiation_to_decide" | "condition_to_decide" | "offer_declined" | "negotiation_answered" | "client_request_to_review" | "new_order" | "report_submitted" | "lender_request_sent" | "cancel_requested" | "info_provided" | "payment_received";
            /** @example An order is offered to you, with the time left to answer */
            description: string;
            /**
             * @description Whether this notice arrives by email
             * @example true
             */
            enabled: boolean;
        };
        /** @description Kinds to turn on (true) or off (false); the others stay as they are */
        NotificationSettingsChange: {
            /** @example true */
            new_offer?: boolean;
            /** @example true */
            revision_requested?: boolean;
            /** @example true */
            order_on_hold?: boolean;
            /** @example true */
            order_resumed?: boolean;
            /** @example true */
            order_cancelled?: boolean;
            /** @example true */
            appraiser_removed?: boolean;
            /** @example true */
            condition_rejected?: boolean;
            /** @example true */
            offer_timed_out?: boolean;
            /** @example true */
            appraiser_assigned?: boolean;
            /** @example false */
            inspection_scheduled?: boolean;
            /** @example true */
            report_delivered?: boolean;
            /** @example true */
            request_answered?: boolean;
            /** @example true */
            payment_due?: boolean;
            /** @example true */
            report_to_review?: boolean;
            /** @example true */
            info_requested?: boolean;
            /** @example true */
            order_declined?: boolean;
            /** @example true */
            lender_order_cancelled?: boolean;
            /** @example true */
            negotiation_to_decide?: boolean;
            /** @example true */
            condition_to_decide?: boolean;
            /** @example true */
            offer_declined?: boolean;
            /** @example true */
            negotiation_answered?: boolean;
            /** @example true */
            client_request_to_review?: boolean;
            /** @example true */
            new_order?: boolean;
            /** @example true */
            report_submitted?: boolean;
            /** @example false */
            lender_request_sent?: boolean;
            /** @example true */
            cancel_requested?: boolean;
            /** @example true */
            info_provided?: boolean;
            /** @example false */
            payment_received?: boolean;
        };
        /** @description A list's filters and sort, as its address in the web application carries them */
        OrderListSearch: {
            /**
             * @description The words searched
             * @example Congress
             */
            q?: string;
            /**
             * @description A status's key (status.id)
             * @example in_review
             */
            status?: string;
            /**
             * @description Due on or after, YYYY-MM-DD
             * @example 2026-12-01
             */
            due_from?: string;
            /**
             * @description Due on or before, YYYY-MM-DD
             * @example 2026-12-31
             */
            due_to?: string;
            /**
             * @example due_date asc
             * @enum {unknown}
             */
            sort?: "created_at desc" | "created_at asc" | "due_date asc" | "due_date desc";
            /**
             * @description My orders only: placed by me (an appraiser: assigned to me)
             * @example true
             */
            mine?: boolean;
            /**
             * Format: uuid
             * @description The client (staff)
             * @example 9d2f6a1c-3b4e-4f5a-8c7d-1e2f3a4b5c6d
             */
            client_id?: string;
            /**
             * @description The pipeline's queue
             * @example in_review
             */
            queue?: string;
        };
        /** @description A saved view: a search, a sort and columns under a name */
        OrderListView: {
            /**
             * Format: uuid
             * @example 0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21
             */
            id: string;
            /** @example Reports to review */
            name: string;
            search: components["schemas"]["OrderListSearch"];
            /** @description The columns shown, in their order (the file number and the status always are) */
            columns: ("property" | "borrower" | "loan_number" | "client" | "product" | "appraiser" | "ordered" | "due" | "inspection" | "fee" | "time_in_status" | "loan")[];
            /**
             * Format: date-time
             * @example 2026-11-26T15:04:05.000Z
             */
            created_at: string;
        };
        /** @description Your columns of an order list (null: your role's defaults) and your saved views */
        OrderListSettings: {
            /**
             * @example orders
             * @enum {unknown}
             */
            list: "orders" | "pipeline";
            columns: ("property" | "borrower" | "loan_number" | "client" | "product" | "appraiser" | "ordered" | "due" | "inspection" | "fee" | "time_in_status" | "loan")[] | null;
            /** @description Your saved views of the list, by name */
            views: components["schemas"]["OrderListView"][];
        };
        /** @description The columns to show; null goes back to your role's defaults */
        OrderListColumnsRequest: {
            columns: ("property" | "borrower" | "loan_number" | "client" | "product" | "appraiser" | "ordered" | "due" | "inspection" | "fee" | "time_in_status" | "loan")[] | null;
        };
        /** @description A view to save */
        CreateOrderListViewRequest: {
            /**
             * @description A name of yours, unique among your views of the list
             * @example Reports to review
             */
            name: string;
            search: components["schemas"]["OrderListSearch"];
            /** @description The columns shown, in their order (the file number and the status always are) */
            columns: ("property" | "borrower" | "loan_number" | "client" | "product" | "appraiser" | "ordered" | "due" | "inspection" | "fee" | "time_in_status" | "loan")[];
        };
        /** @description A card to keep on file */
        CardOnFileRequest: {
            /**
             * @description The name on the card
             * @example Avery Appraiser
             */
            name: string;
            /**
             * @description Sent to the card processor; never stored
             * @example 4242 4242 4242 4242
             */
            number: string;
            exp_month: string | number;
            exp_year: string | number;
            /**
             * @description Sent to the card processor; never stored
             * @example 123
             */
            cvc: string;
        };
        /** @description The card the submission fees are charged to (never its number) */
        CardOnFile: {
            /** @example Visa */
            brand: string;
            /** @example 4242 */
            last4: string;
            /** @example 12 */
            exp_month: number;
            /** @example 2031 */
            exp_year: number;
            /** @example Avery Appraiser */
            name: string;
            /**
             * Format: date-time
             * @example 2026-11-20T10:00:00.000Z
             */
            updated_at: string;
        };
        /** @description An API key, without the key itself */
        ApiKey: {
            /**
             * Format: uuid
             * @example 91033fcc-9668-4b86-a536-3896c45b28cf
             */
            id: string;
            /**
             * @description The first characters of the key, to tell keys apart
             * @example aoms_Kq3vG_
             */
            prefix: string;
            label: string | null;
            /**
             * Format: date-time
             * @example 2026-11-01T09:30:00.000Z
             */
            created_at: string;
            revoked_at: string | null;
        };
        IssueApiKeyRequest: {
            /**
             * @description What the key is for
             * @example Loan origination system
             */
            label?: string;
        };
        /** @description A new key, shown this once */
        IssuedApiKey: {
            /**
             * @example true
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @example 91033fcc-9668-4b86-a536-3896c45b28cf
             */
            id: string;
            /** @example aoms_Kq3vG_ */
            prefix: string;
            label: string | null;
            /**
             * @description The key itself: shown this once, stored only as a hash
             * @example aoms_Kq3vG_x9P2mLrT8wZ4nB6cD1eF3gH5jK7sV0yQa2uE4
             */
            api_key: string;
        };
        /** @description A client (lender) */
        Client: {
            /**
             * Format: uuid
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            id: string;
            /** @example Hill Country Bank */
            name: string;
        };
        /** @description A kind of client (bank, credit union, …) */
        ClientType: {
            /**
             * Format: uuid
             * @example eefdea94-9083-4862-81c3-b5c8ce6d84fe
             */
            id: string;
            /** @example Bank */
            name: string;
        };
        /** @description A kind of property */
        PropertyType: {
            /**
             * Format: uuid
             * @example 5fead7c4-9143-4132-acdf-17f8c24048b8
             */
            id: string;
            /** @example Single Family */
            name: string;
            /** @example single_family */
            slug: string;
        };
        /** @description What an order for this client may name */
        ClientConfiguration: {
            /**
             * @description The configuration id (the client id: one configuration per client)
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            id: string;
            branches: {
                /**
                 * Format: uuid
                 * @example 4eec8551-7bb2-4ce8-9755-7581f15970c4
                 */
                id: string;
                /** @example Downtown Austin */
                name: string;
            }[];
            companies: {
                /**
                 * Format: uuid
                 * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                 */
                company_id: string;
                /** @example Lone Star Appraisal Co */
                company_name: string;
                /** @description The ways the company takes payment */
                payment_methods: ("payment_link" | "invoice" | "credit_card")[];
                products: {
                    /**
                     * Format: uuid
                     * @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6
                     */
                    id: string;
                    /** @example Single Family Appraisal (1004) */
                    name: string;
                    /** @example residential_appraisals */
                    service_type: string;
                    /** @example false */
                    follow_up: boolean;
                }[];
            }[];
            /** @description Users of the client that orders can name (client_user_ids): loan officers, processors, ... */
            parties: {
                /**
                 * Format: uuid
                 * @example 57243582-c15e-4dd6-810b-6d7fe87ed14f
                 */
                id: string;
                /** @example Lou Officer */
                name: string;
            }[];
            property_types: components["schemas"]["PropertyType"][];
        };
        CreateClientRequest: {
            organization: {
                /** @example Hill Country Bank */
                name: string;
                /**
                 * @description An id from GET /api/v1/client_types
                 * @example eefdea94-9083-4862-81c3-b5c8ce6d84fe
                 */
                client_type_id: string;
                /**
                 * @description Attach all of the company's products to the new client
                 * @example true
                 */
                add_all_products: boolean;
                /**
                 * @description Operators only: the company that serves the new client (staff: always their own)
                 * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                 */
                company_id?: string;
                address_attributes: {
                    /** @example 600 Congress Ave */
                    address_one: string;
                    address_two?: string | null;
                    /** @example Austin */
                    city: string;
                    /**
                     * @description USPS code (TX) or name (Texas)
                     * @example TX
                     */
                    state: string;
                    /**
                     * @description 12345 or 12345-6789
                     * @example 78701
                     */
                    zip: string;
                };
                contacts_attributes: {
                    /** @example Casey Client */
                    name: string;
                    emails?: string[];
                    phones_attributes?: {
                        /** @example 512-555-0110 */
                        phone_number: string;
                        /**
                         * @description mobile (or cell), work (or office, business, main, direct), home, fax or other, in any letter case; default work
                         * @example work
                         */
                        phone_type?: string;
                    }[];
                }[];
            };
        };
        /** @description The new client */
        CreatedClient: {
            /**
             * @example true
             * @enum {boolean}
             */
            success: true;
            client: components["schemas"]["Client"];
        };
        /** @description A company's settings for one of the clients it serves */
        ClientSettings: {
            /**
             * Format: uuid
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            client_id: string;
            /**
             * Format: uuid
             * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
             */
            company_id: string;
            /**
             * @description The client reviews each report before it is completed (request_completion leads to Client quality assurance)
             * @example false
             */
            client_review_required: boolean;
            /**
             * @description The client pays before the order is assigned: a new order with a balance waits in Waiting payment until paid
             * @example false
             */
            payment_before_assignment: boolean;
            /**
             * @description The client's revision and reconsideration requests go to the company's review first: staff forward them to the appraiser (as written or in their words) or answer them (forward_request, answer_request). Off: they go straight to the appraiser. Default on
             * @example true
             */
            lender_requests_reviewed: boolean;
            /**
             * @description What the client's users and the appraiser write or upload reaches the other only through the company, which forwards it (notes and files get the audience client or appraiser). Off: they may write to everyone, which is then their default. Default on
             * @example true
             */
            messages_through_company: boolean;
            /**
             * @description The client gets the report only once the order is paid: a completed order with a balance keeps its report until the payment. Default off
             * @example false
             */
            report_release_after_payment: boolean;
        };
        /** @description Absent fields stay */
        ClientSettingsChange: {
            /** @example true */
            client_review_required?: boolean;
            /** @example false */
            payment_before_assignment?: boolean;
            /** @example true */
            lender_requests_reviewed?: boolean;
            /** @example true */
            messages_through_company?: boolean;
            /** @example false */
            report_release_after_payment?: boolean;
            /**
             * @description Operators: the company whose settings change, when several serve the client
             * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
             */
            company_id?: string;
        };
        /** @description Who of the client sees which of its orders: the client's own setting */
        ClientAccess: {
            /**
             * Format: uuid
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            client_id: string;
            /**
             * @description Which of the client's orders its users who are not admins see (its admins see all): all (the default); branch: those of their branch (PATCH /users/{id} branch_id) and those they are on; own: those they are on (placed by them, or naming them as a party)
             * @example branch
             * @enum {unknown}
             */
            order_visibility: "all" | "branch" | "own";
        };
        ClientAccessChange: {
            /**
             * @example branch
             * @enum {unknown}
             */
            order_visibility: "all" | "branch" | "own";
        };
        /** @description Which of a company's products a client may order, and at what fee */
        ClientProducts: {
            /**
             * Format: uuid
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            client_id: string;
            /**
             * Format: uuid
             * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
             */
            company_id: string;
            /** @description Every product of the company, by name */
            products: {
                /**
                 * Format: uuid
                 * @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6
                 */
                id: string;
                /** @example Single Family Appraisal (1004) */
                name: string;
                /**
                 * @description The product's own fee, e.g. 450.00
                 * @example 425.00
                 */
                standard_fee: string;
                /**
                 * @description The client may order it
                 * @example true
                 */
                offered: boolean;
                fee: string | null;
            }[];
        };
        ClientProductsChange: {
            /** @description The products the client may order: every other is withdrawn */
            products: {
                /**
                 * @description A product of your company
                 * @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6
                 */
                product_id: string;
                fee?: string | null;
            }[];
            /**
             * @description Operators: the company whose products, when several serve the client
             * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
             */
            company_id?: string;
        };
        /** @description An appraisal company's own settings */
        CompanySettings: {
            /**
             * Format: uuid
             * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
             */
            company_id: string;
            submission_fee: string | null;
            /** @description How clients may pay the company; orders name one of them */
            payment_methods: ("payment_link" | "invoice" | "credit_card")[];
        };
        CompanySettingsChange: {
            submission_fee?: string | null;
            payment_methods?: ("payment_link" | "invoice" | "credit_card")[];
        };
        /** @description The company's figures over a period */
        Insight: {
            /** @description The period of every figure: whole calendar months up to today */
            period: {
                /**
                 * @description First day counted, MM/DD/YYYY (UTC days)
                 * @example 06/01/2026
                 */
                from: string;
                /**
                 * @description Last day counted, MM/DD/YYYY
                 * @example 11/30/2026
                 */
                to: string;
                /**
                 * @description Calendar months covered, this one included
                 * @example 6
                 */
                months: number;
            };
            /** @description The whole period */
            totals: {
                received: components["schemas"]["InsightFigure"];
                completed: components["schemas"]["InsightFigure"];
            };
            /** @description Week by week, oldest first */
            weeks: {
                /**
                 * @description Monday of the week, MM/DD/YYYY (clipped to the period)
                 * @example 11/23/2026
                 */
                week_start: string;
                received: components["schemas"]["InsightFigure"];
                completed: components["schemas"]["InsightFigure"];
            }[];
            /** @description By month of fulfilment, oldest first */
            turn_time_by_month: {
                /**
                 * @description First day of the month, MM/DD/YYYY
                 * @example 11/01/2026
                 */
                month_start: string;
                fulfilled: components["schemas"]["InsightFigure"];
                /** @description Median turn time, created to fulfilled, in whole days; null: none fulfilled */
                median_days: number | null;
                /** @description 90th percentile of the turn time in whole days; null: none fulfilled */
                p90_days: number | null;
            }[];
            /** @description By the order's first product, over the whole period, most fulfilled first */
            turn_time_by_product: {
                product: {
                    /** @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6 */
                    id: string;
                    /** @example Single Family Appraisal (1004) */
                    name: string;
                };
                fulfilled: components["schemas"]["InsightFigure"];
                /** @description Median turn time, created to fulfilled, in whole days; null: none fulfilled */
                median_days: number | null;
                /** @description 90th percentile of the turn time in whole days; null: none fulfilled */
                p90_days: number | null;
            }[];
            /** @description Fulfilled by the due date */
            on_time: {
                fulfilled: components["schemas"]["InsightFigure"];
                on_time: components["schemas"]["InsightFigure"];
                late: components["schemas"]["InsightFigure"];
                /** @description A share between 0 and 1; null when nothing was counted */
                rate: number | null;
            };
            /** @description Reports sent back before delivery */
            revisions: {
                fulfilled: components["schemas"]["InsightFigure"];
                revised: components["schemas"]["InsightFigure"];
                /** @description A share between 0 and 1; null when nothing was counted */
                rate: number | null;
            };
            /** @description The panel, most open orders first */
            open_by_appraiser: {
                appraiser: {
                    /** @example c6427c15-337f-4e88-8c72-bb4f499bfc66 */
                    id: string;
                    /** @example Avery Appraiser */
                    name: string;
                };
                open: components["schemas"]["InsightFigure"];
            }[];
        };
        /** @description A number of orders, with the search that lists them */
        InsightFigure: {
            /** @example 61 */
            count: number;
            /** @description Search terms of GET /api/v1/orders that find the orders counted: each key k stands for q[k] (e.g. {"fulfilled_at_gteq": "2026-06-01T00:00:00.000Z"}) */
            orders: {
                [key: string]: string;
            };
        };
        /** @description A user as their administrators see them */
        ManagedUser: {
            /**
             * Format: uuid
             * @example 57243582-c15e-4dd6-810b-6d7fe87ed14f
             */
            id: string;
            /** @example Lou Officer */
            name: string;
            /** @example Lou */
            first_name: string;
            /** @example Officer */
            last_name: string;
            /**
             * Format: email
             * @example lou.officer@hillcountry.example
             */
            email: string;
            /**
             * @example client
             * @enum {unknown}
             */
            role: "staff" | "appraiser" | "client";
            /**
             * @description Administers the users and settings of their organization
             * @example false
             */
            is_admin: boolean;
            /**
             * @description false: deactivated; they no longer sign in or use a key
             * @example true
             */
            active: boolean;
            /**
             * @description Invited, and has not chosen a password yet
             * @example false
             */
            invitation_pending: boolean;
            organization: {
                /**
                 * Format: uuid
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                id: string;
                /** @example Hill Country Bank */
                name: string;
                /**
                 * @example client
                 * @enum {unknown}
                 */
                kind: "company" | "client";
            };
            invited_at: string | null;
            /** @description A client user's branch: where the client scopes its users' view by branch, the orders they see */
            branch: {
                /**
                 * Format: uuid
                 * @example 4eec8551-7bb2-4ce8-9755-7581f15970c4
                 */
                id: string;
                /** @example Downtown Austin */
                name: string;
            } | null;
        };
        /** @description A user to invite */
        InviteUserRequest: {
            /**
             * @description Their email: the invitation goes there
             * @example nora.new@hillcountry.example
             */
            email: string;
            /** @example Nora */
            first_name: string;
            /** @example New */
            last_name: string;
            /**
             * @description staff (default) or appraiser in a company; client in a client
             * @example client
             * @enum {unknown}
             */
            role?: "staff" | "appraiser" | "client";
            /**
             * Format: uuid
             * @description Where they join: your organization (default), or a client your company serves
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            organization_id?: string;
            /**
             * @default false
             * @example false
             */
            is_admin: boolean;
        };
        /** @description What changes; absent fields stay */
        UserChange: {
            /**
             * @description A company's users only: staff or appraiser
             * @example staff
             * @enum {unknown}
             */
            role?: "staff" | "appraiser";
            /** @example true */
            is_admin?: boolean;
            /**
             * @description false deactivates: every key of the user is revoked and every session ends; true lets them back in (with new keys)
             * @example true
             */
            active?: boolean;
            /** @description A client's users only: one of the client's branches (its configuration lists them); null: none */
            branch_id?: string | null;
        };
        /**
         * @description An order's status, as the API names it (docs/workflow.md)
         * @example Inspection scheduled
         * @enum {unknown}
         */
        StatusName: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
        /**
         * @description The loan the appraisal is for
         * @example conventional
         * @enum {unknown}
         */
        LoanType: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
        /**
         * @description What the loan finances
         * @example purchase
         * @enum {unknown}
         */
        TransactionType: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
        /**
         * @description A workflow action: PUT /api/v1/orders/{order_id}/{action} (docs/workflow.md)
         * @example schedule_inspection
         * @enum {unknown}
         */
        ActionName: "place" | "accept_order" | "decline_order" | "request_payment" | "waive_payment" | "start_bidding" | "auto_assign" | "assign" | "accept_assignment" | "reject_assignment" | "approve_assignment_condition" | "reject_assignment_condition" | "request_negotiation" | "approve_negotiation" | "refuse_negotiation" | "schedule_inspection" | "complete_inspection" | "request_submission" | "retry_submission_fee" | "start_review" | "require_action" | "request_completion" | "approve_report" | "request_revision" | "request_reconsideration_of_value" | "forward_request" | "answer_request" | "fulfill" | "hold" | "resume" | "flag_attention" | "clear_attention" | "request_info" | "provide_info" | "request_cancel" | "deny_cancel" | "cancel";
        /** @description The order's status (docs/workflow.md) */
        OrderStatus: {
            /**
             * @description The status key (in_review)
             * @example inspection_scheduled
             * @enum {unknown}
             */
            id: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
            name: components["schemas"]["StatusName"];
            /**
             * @description What kind of stage it is (not_started, in_progress, in_review, needs_attention, stopped, done): for grouping and colouring statuses
             * @example in_progress
             * @enum {unknown}
             */
            category: "not_started" | "in_progress" | "in_review" | "needs_attention" | "stopped" | "done";
        };
        /** @description Someone concerned by the order: loan officer, agent, borrower… */
        Party: {
            /**
             * Format: uuid
             * @example 9ae45bbb-fa1b-4402-929b-dbb5d1e360a3
             */
            id: string;
            /**
             * @deprecated
             * @description Deprecated: the first of emails; use emails. Sunset: answered for as long as /api/v1 lasts, removed in the next major version (docs/api.md#deprecated-fields)
             */
            email: string | null;
            emails: string[];
            /** @example Otto Occupant */
            name: string;
            /**
             * @deprecated
             * @description Deprecated: the first of phones; use phones. Sunset: answered for as long as /api/v1 lasts, removed in the next major version (docs/api.md#deprecated-fields)
             */
            phone: string | null;
            phones: string[];
            /** @example true */
            poc: boolean;
            /**
             * @description The role as it was named ("Loan Officer")
             * @example Occupant
             */
            role: string;
            /**
             * @description The normalised key of the role (loan_officer), for search
             * @example occupant
             */
            role_key: string;
        };
        /** @description Who opens the door for the inspection */
        PointOfContact: {
            /**
             * Format: uuid
             * @example 9ae45bbb-fa1b-4402-929b-dbb5d1e360a3
             */
            id: string;
            emails: string[];
            /** @description The create response names the contact list email */
            email?: string[];
            first_name: string | null;
            last_name: string | null;
            /** @example Otto Occupant */
            name: string;
            phone: string | null;
        };
        /** @description Who lets the appraiser into the property; seen by the company, the lender and the appraiser */
        AccessContact: {
            /** @example Tina Tenant */
            name: string;
            /**
             * @description 512-555-0102
             * @example 512-555-0103
             */
            phone: string;
            email: string | null;
            note: string | null;
        };
        /** @description Who lets the appraiser into the property (a tenant, an agent, the owner): shown on the offer, the agenda and the calendar feed */
        AccessContactInput: {
            /** @example Tina Tenant */
            name: string;
            /**
             * @description A 10-digit US or Canadian (NANP) number: 512-555-0102, (512) 555-0102, +1 512 555 0102
             * @example (512) 555-0103
             */
            phone: string;
            email?: string | null;
            note?: string | null;
        };
        /** @description The appraiser's open condition of acceptance (fee, due date, comments): shown to staff, who decide on it, and to the appraiser */
        AssignmentCondition: {
            appraiser_fee: string | null;
            current_appraiser_fee: string | null;
            due_date: string | null;
            current_due_date: string | null;
            comments: string | null;
            proposed_by: {
                /** @example c6427c15-337f-4e88-8c72-bb4f499bfc66 */
                id: string;
                /** @example Avery Appraiser */
                name: string;
            } | null;
            proposed_at: string | null;
        };
        /** @description The open negotiation of the client's fee and/or due date: shown to the client, who decides on it, and to staff */
        Negotiation: {
            total_fee: string | null;
            /** @example 450.00 */
            current_total_fee: string;
            due_date: string | null;
            current_due_date: string | null;
            comments: string | null;
            proposed_by: {
                /** @example f506fe16-b09a-4454-b478-b7cbf95f2313 */
                id: string;
                /** @example Sam Staffer */
                name: string;
            } | null;
            proposed_at: string | null;
        };
        /** @description An appraisal order, as the caller may see it */
        Order: {
            /**
             * Format: uuid
             * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
             */
            id: string;
            /**
             * @description Prefix, hyphen, eight digits: AOM-00000042
             * @example AOM-00000042
             */
            file_number: string;
            status: components["schemas"]["OrderStatus"];
            /** @description Actions the caller may take now */
            allowed_transitions: components["schemas"]["ActionName"][];
            address: {
                /** @example 1100 Congress Ave */
                address_one: string;
                address_two: string | null;
                /** @example Austin */
                city: string;
                county_id: string | null;
                county: string | null;
                /**
                 * @description 2-digit state FIPS code
                 * @example 48
                 */
                state_id: string;
                /**
                 * @description USPS code
                 * @example TX
                 */
                state: string;
                /** @example 78701 */
                zip: string;
                latitude: number | null;
                longitude: number | null;
            };
            /** @example 1100 Congress Ave, Unit 4, Austin, TX 78701 */
            full_address: string;
            borrower: {
                id: string | null;
                email: string | null;
                first_name: string | null;
                last_name: string | null;
                phone: string | null;
                co_first_name?: string | null;
                co_last_name?: string | null;
            };
            co_borrowers: {
                /** @example 5c87103e-aac9-4c5b-a665-6aafe5a30f54 */
                id: string;
                first_name: string | null;
                last_name: string | null;
                email: string | null;
                phone: string | null;
            }[];
            client: {
                /** @example 2c7a81cd-828b-4362-9698-3570ba2e95b9 */
                id: string;
                /** @example Hill Country Bank */
                name: string;
            };
            lender: {
                /** @example 2c7a81cd-828b-4362-9698-3570ba2e95b9 */
                id: string;
                /** @example Hill Country Bank */
                name: string;
            };
            company: {
                /** @example fabd5fb6-5013-45a0-b68b-a881e4892d08 */
                id: string;
                /** @example Lone Star Appraisal Co */
                name: string;
            };
            branch: {
                /** @example 4eec8551-7bb2-4ce8-9755-7581f15970c4 */
                id: string;
                /** @example Downtown Austin */
                name: string;
            } | null;
            client_emails: string[] | null;
            appraiser: {
                /** @example c6427c15-337f-4e88-8c72-bb4f499bfc66 */
                id: string;
                /** @example Avery Appraiser */
                name: string;
            } | null;
            offer_expires_at: string | null;
            complex_property: boolean | null;
            contract_price: number | null;
            decimal_balance: string | null;
            total_fee: string | null;
            appraiser_fee: string | null;
            margin: string | null;
            assignment_condition: components["schemas"]["AssignmentCondition"] | null;
            negotiation: components["schemas"]["Negotiation"] | null;
            client_request: {
                /**
                 * Format: uuid
                 * @description The note that holds the client's request
                 * @example a3bbbc97-c82d-468a-86ea-17fc41c39760
                 */
                note_id: string;
                /**
                 * @description Where answering it without a revision returns the order
                 * @example Completed
                 */
                returns_to: string;
            } | null;
            /** @description Who the caller may write to on this order (docs/api.md, "Who reads which record") */
            message_audiences: {
                /** @description The audiences the caller may give a note or a file on this order */
                choices: components["schemas"]["Audience"][];
                default: components["schemas"]["Audience"];
            };
            report: {
                latest_submission: number | null;
                released_submission: number | null;
                release_after_payment: boolean | null;
            } | null;
            loan_amount: string | null;
            loan_number: string | null;
            loan_type: components["schemas"]["LoanType"];
            transaction_type: components["schemas"]["TransactionType"];
            occupancy_type: ("primary_residence" | "second_home" | "investment") | null;
            estate_held_type: ("fee_simple" | "leasehold") | null;
            fha_case_number: string | null;
            /** @example false */
            green_certified: boolean;
            /**
             * @example invoice_client
             * @enum {unknown}
             */
            invoice_strategy: "invoice_borrower" | "invoice_client" | "invoice_client_credit_card" | "invoice_later";
            /**
             * @description How the client pays for the order
             * @example invoice
             * @enum {unknown}
             */
            payment_method: "payment_link" | "invoice" | "credit_card";
            special_instructions: string | null;
            access_contact: components["schemas"]["AccessContact"] | null;
            parties: components["schemas"]["Party"][];
            /**
             * @deprecated
             * @description Deprecated: the first of points_of_contact; use points_of_contact. Sunset: answered for as long as /api/v1 lasts, removed in the next major version (docs/api.md#deprecated-fields)
             */
            point_of_contact: components["schemas"]["PointOfContact"] | null;
            points_of_contact: components["schemas"]["PointOfContact"][];
            products: {
                /** @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6 */
                id: string;
                /** @example Single Family Appraisal (1004) */
                name: string;
            }[];
            property_type: {
                /** @example 5fead7c4-9143-4132-acdf-17f8c24048b8 */
                id: string;
                /** @example Single Family */
                name: string;
                /** @example single_family */
                slug: string;
            } | null;
            due_date: string | null;
            original_due_date: string | null;
            vendor_due_date: string | null;
            closing_date: string | null;
            created_at: string | null;
            updated_at: string | null;
            assigned_at: string | null;
            inspection_scheduled_at: string | null;
            inspection_completed_at: string | null;
            inspection_completed_at_iso: string | null;
            submitted_at: string | null;
            completed_at: string | null;
            fulfilled_at: string | null;
            /**
             * @description The order's version, which moves with every change: send it as If-Match with PATCH /orders/{order_id} so that a correction made on a stale read is refused (409)
             * @example 2026-12-07T16:31:08.412Z
             */
            version: string;
            /** @description The fields the caller may correct now with PATCH /orders/{order_id}: empty when they may not correct the order (an appraiser, a closed order); no address for a client once an appraiser has accepted the order, no due_date while one is negotiated */
            correctable_fields: ("borrower" | "loan_number" | "loan_amount" | "due_date" | "special_instructions" | "access_contact" | "address")[];
        };
        /** @description An order in a list: enough to show a row */
        OrderListItem: {
            /**
             * Format: uuid
             * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
             */
            id: string;
            /** @example AOM-00000042 */
            file_number: string;
            /** @example 1100 Congress Ave, Unit 4, Austin, TX 78701 */
            full_address: string;
            status: components["schemas"]["OrderStatus"];
            due_date: string | null;
            loan_type: components["schemas"]["LoanType"];
            transaction_type: components["schemas"]["TransactionType"];
            appraiser: {
                /** @example c6427c15-337f-4e88-8c72-bb4f499bfc66 */
                id: string;
                /** @example Avery Appraiser */
                name: string;
            } | null;
            offer_expires_at: string | null;
            borrower_name: string | null;
            loan_number: string | null;
            client: {
                /** @example 2c7a81cd-828b-4362-9698-3570ba2e95b9 */
                id: string;
                /** @example Hill Country Bank */
                name: string;
            };
            products: {
                /** @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6 */
                id: string;
                /** @example Single Family Appraisal (1004) */
                name: string;
            }[];
            created_at: string | null;
            inspection_scheduled_at: string | null;
            inspection_completed_at: string | null;
            total_fee: string | null;
            appraiser_fee: string | null;
            /**
             * Format: date-time
             * @description When the order came into its status (ISO 8601, UTC): how long it has been in it
             * @example 2026-12-01T16:10:00.000Z
             */
            status_changed_at: string;
        };
        /** @description Where this page is in the list */
        Pagination: {
            /** @example 1 */
            current_page: number;
            /** @example 3 */
            total_pages: number;
            /**
             * @description The orders the search finds: exact up to a bound (LIST_EXACT_COUNT_LIMIT, 1,000 by default), estimated above it (see total_count_is_estimate)
             * @example 61
             */
            total_count: number;
            /**
             * @description true: the search finds more orders than the service counts one by one, and total_count (and total_pages) is the database planner’s estimate, never below the bound nor below the orders already paged through: show it as an approximation ("about 480,000"). false: total_count is exact
             * @example false
             */
            total_count_is_estimate: boolean;
            /** @example 25 */
            per_page: number;
            /** @example true */
            has_next_page: boolean;
            /** @example false */
            has_prev_page: boolean;
            next_cursor: string | null;
        };
        /** @description A page of orders */
        OrderList: {
            data: components["schemas"]["OrderListItem"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description How many of the orders a search finds are in each status (the search’s status terms aside) */
        OrderStatusCounts: {
            /** @description Each status with at least one order, in workflow order */
            data: {
                status: components["schemas"]["OrderStatus"];
                /** @example 4 */
                count: number;
            }[];
            /**
             * @description The orders counted, all statuses together
             * @example 16
             */
            total_count: number;
            /**
             * @description true: the search finds more orders than the service counts one by one (LIST_EXACT_COUNT_LIMIT): total_count is the planner’s estimate, shared among the statuses of the orders read in the proportions of your orders; show each as an approximation. false: every count is exact
             * @example false
             */
            total_count_is_estimate: boolean;
        };
        /** @description One change in the order's history */
        HistoryEntry: {
            /**
             * Format: uuid
             * @example c03f179a-1468-454d-88d8-9faf992ba4ed
             */
            id: string;
            /**
             * @description The workflow action (docs/workflow.md), or the service's own step (create, payment_received, …)
             * @example schedule_inspection
             */
            action: string;
            from: components["schemas"]["StatusName"] | null;
            to: components["schemas"]["StatusName"];
            by: {
                /** @example f506fe16-b09a-4454-b478-b7cbf95f2313 */
                id: string;
                /** @example Sam Staffer */
                name: string;
            } | null;
            acting_for: {
                /** @example c6427c15-337f-4e88-8c72-bb4f499bfc66 */
                id: string;
                /** @example Avery Appraiser */
                name: string;
            } | null;
            reason: string | null;
            details: {
                [key: string]: unknown;
            };
            /**
             * @description ISO 8601
             * @example 2026-11-27T14:02:11.000Z
             */
            created_at: string;
        };
        /** @description status_change and order_change: the history entry (GET …/history has its details) */
        TimelineChange: {
            /**
             * @description The workflow action or service step (docs/workflow.md)
             * @example request_completion
             */
            action: string;
            from: components["schemas"]["StatusName"] | null;
            to: components["schemas"]["StatusName"];
            reason: string | null;
        };
        /** @description note: the note (GET …/notes has its content) */
        TimelineNote: {
            subject: string | null;
            important: boolean | null;
        };
        /** @description file: the file (GET …/files has its link) */
        TimelineFile: {
            /** @example appraisal-report.pdf */
            filename: string;
            /**
             * @description The file type slug
             * @example appraisal_pdf
             */
            file_type: string;
        };
        /** @description email: an email the service sent (its text is not shown) */
        TimelineEmail: {
            /**
             * @description What it is: a notification kind (GET /me/notification_settings), payment_link or note
             * @example payment_due
             */
            topic: string;
            /** @example Payment due: order AOM-00000042 */
            subject: string;
            /** @description The addresses it went to */
            to: string[];
            /**
             * @description queued: not sent yet (retried after a failure until it is sent or failed)
             * @example sent
             * @enum {unknown}
             */
            status: "queued" | "sent" | "failed";
            sent_at: string | null;
        };
        /** @description payment: a payment received */
        TimelinePayment: {
            /**
             * @description A decimal amount, e.g. "450.00"
             * @example 450.00
             */
            amount: string;
            /** @example credit_card */
            method: string;
            /**
             * @description How it was paid, the card masked
             * @example Paid with **** 4242
             */
            paid_by: string;
        };
        /** @description One thing that happened to an order: the field named by its type holds its record, the others are null */
        TimelineItem: {
            /**
             * Format: uuid
             * @description The record: a history entry, note, file, email or payment (its type says which)
             * @example c03f179a-1468-454d-88d8-9faf992ba4ed
             */
            id: string;
            /**
             * @description status_change: the status moved (history); order_change: a recorded change that moved no status (history); note; file; email: an email the service sent about the order; payment: a payment received
             * @example status_change
             * @enum {unknown}
             */
            type: "status_change" | "order_change" | "note" | "file" | "email" | "payment";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 in UTC
             * @example 2026-11-27T16:05:12.345Z
             */
            at: string;
            actor: {
                /**
                 * Format: uuid
                 * @example f506fe16-b09a-4454-b478-b7cbf95f2313
                 */
                id: string;
                /** @example Sam Staffer */
                name: string;
            } | null;
            acting_for: {
                /**
                 * Format: uuid
                 * @example 4080d07e-e341-43d4-bb37-72dba9b07256
                 */
                id: string;
                /** @example Casey Client */
                name: string;
            } | null;
            /**
             * @description One line for a person, in plain text
             * @example Request completion: In review → Completion payment hold
             */
            summary: string;
            audience: components["schemas"]["Audience"];
            change: components["schemas"]["TimelineChange"] | null;
            note: components["schemas"]["TimelineNote"] | null;
            file: components["schemas"]["TimelineFile"] | null;
            email: components["schemas"]["TimelineEmail"] | null;
            payment: components["schemas"]["TimelinePayment"] | null;
        };
        /** @description A page of the order's timeline (pagination.next_cursor is always null: pages go by number) */
        TimelinePage: {
            data: components["schemas"]["TimelineItem"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A new order */
        CreateOrderRequest: {
            /** @description The property address */
            address: {
                /** @example 1100 Congress Ave */
                street_1: string;
                street_2?: string | null;
                /** @example Austin */
                city: string;
                /**
                 * @description USPS code (TX) or name (Texas)
                 * @example TX
                 */
                state: string;
                /**
                 * @description 12345 or 12345-6789
                 * @example 78701
                 */
                zip: string;
                county?: string | null;
            };
            borrower: {
                /** @example Bea */
                first_name: string;
                /** @example Borrower */
                last_name: string;
                email?: string | null;
                phone?: string | null;
                co_first_name?: string | null;
                co_last_name?: string | null;
            };
            /** @description Who opens the door for the inspection */
            point_of_contact?: {
                /** @example Otto Occupant */
                name: string;
                phone?: string | null;
                emails?: string[];
            };
            access_contact?: components["schemas"]["AccessContactInput"] | null;
            /**
             * @description The interface's YYYY-MM-DDTHH:MM in the deployment time zone, or any date input: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone. Today (in the deployment time zone) or later
             * @example 2026-12-15T17:00
             */
            due_date: string;
            /** @description The text true or false */
            green_certified: boolean | ("true" | "false");
            /**
             * @example conventional
             * @enum {unknown}
             */
            loan_type: "conventional" | "fha" | "usda" | "reo" | "asset_valuation" | "other";
            fha_case_number?: string | null;
            /**
             * @example purchase
             * @enum {unknown}
             */
            transaction_type: "refinance" | "purchase" | "home_equity" | "construction" | "other";
            loan_amount?: string | null;
            /** @example 420000 */
            contract_price?: number | null;
            special_instructions?: string | null;
            /**
             * @example invoice
             * @enum {unknown}
             */
            payment_method: "payment_link" | "invoice" | "credit_card";
            complex_property?: boolean | null;
            /** @description From the client configuration */
            product_ids: string[];
            /** @description Client users from the configuration (its parties); they join the order as parties. Default: the calling client user */
            client_user_ids?: string[];
            occupancy_type?: ("primary_residence" | "second_home" | "investment") | null;
            estate_held_type?: ("fee_simple" | "lease_hold" | "leasehold") | null;
            loan_number?: string | null;
            closing_date?: string | null;
            property_type_id?: string | null;
            branch_id?: string | null;
            company_id?: string | null;
            requested_by?: {
                client_id?: string | null;
                lender_id?: string | null;
            };
            /**
             * @description Create as a Draft, placed later with the place action
             * @example false
             */
            draft?: boolean;
        };
        /** @description Changes to the subject property's address; absent fields stay */
        SubjectAddressChange: {
            /** @example 1100 Congress Ave */
            address_one?: string;
            address_two?: string | null;
            /** @example Austin */
            city?: string;
            /** @example TX */
            state?: string;
            county?: string | null;
            /** @example 78701 */
            zip?: string;
            latitude?: (number | string) | null;
            longitude?: (number | string) | null;
        };
        /** @description Corrections to an order: only the fields given change (at least one); every field checked before anything changes */
        OrderCorrectionRequest: {
            /** @description The borrower's name and contact details; absent fields stay */
            borrower?: {
                /** @example Beatrice */
                first_name?: string;
                /** @example Borrower */
                last_name?: string;
                email?: string | null;
                phone?: string | null;
            };
            loan_number?: string | null;
            loan_amount?: string | null;
            /**
             * @description The lender's due date, today or later: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 12/18/2026
             */
            due_date?: string;
            special_instructions?: string | null;
            access_contact?: components["schemas"]["AccessContactInput"] | null;
            address?: components["schemas"]["SubjectAddressChange"];
            /**
             * @description Why; recorded in the history with the change
             * @example The closing moved to December 18
             */
            reason?: string;
        };
        /** @description An appraiser of the panel */
        Appraiser: {
            /**
             * Format: uuid
             * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
             */
            id: string;
            /** @example Avery Appraiser */
            name: string;
            /** @example avery.appraiser@lonestar.example */
            email: string;
            /**
             * Format: uuid
             * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
             */
            company_id: string;
            /**
             * @description Orders assigned and not yet completed
             * @example 6
             */
            open_orders: number;
        };
        /** @description An appraiser's license in one state */
        AppraiserLicense: {
            /**
             * @description USPS code
             * @example TX
             */
            state: string;
            /**
             * @description 2-digit state FIPS code
             * @example 48
             */
            state_id: string;
            /** @example TX-1380423-R */
            number: string;
            /**
             * @example certified_residential
             * @enum {unknown}
             */
            level: "trainee" | "licensed" | "certified_residential" | "certified_general";
            issued_on: string | null;
            /**
             * @description YYYY-MM-DD: the last day it is valid
             * @example 2027-03-31
             */
            expires_on: string;
            /**
             * @description active; expiring (within 60 days); expired (the day after expires_on)
             * @example active
             * @enum {unknown}
             */
            standing: "active" | "expiring" | "expired";
            verified_at: string | null;
            verified_by: {
                /**
                 * Format: uuid
                 * @example f506fe16-b09a-4454-b478-b7cbf95f2313
                 */
                id: string;
                /** @example Sam Staffer */
                name: string;
            } | null;
            /**
             * Format: date-time
             * @description When it last changed
             * @example 2026-11-18T09:30:00.000Z
             */
            updated_at: string;
        };
        /** @description An appraiser's errors-and-omissions policy in force */
        EoPolicy: {
            /** @example Liberty Mutual */
            carrier: string;
            /** @example EO-55-2031 */
            policy_number: string;
            /**
             * @description Coverage per claim, a decimal amount
             * @example 1000000.00
             */
            per_claim: string;
            aggregate: string | null;
            /**
             * @description YYYY-MM-DD: the last day it covers
             * @example 2027-06-30
             */
            expires_on: string;
            /**
             * @description active; expiring (within 60 days); expired (the day after expires_on)
             * @example active
             * @enum {unknown}
             */
            standing: "active" | "expiring" | "expired";
            verified_at: string | null;
            verified_by: {
                /**
                 * Format: uuid
                 * @example f506fe16-b09a-4454-b478-b7cbf95f2313
                 */
                id: string;
                /** @example Sam Staffer */
                name: string;
            } | null;
            /**
             * Format: date-time
             * @description When it last changed
             * @example 2026-11-18T09:34:00.000Z
             */
            updated_at: string;
        };
        /** @description An appraiser's credentials and what the company confirmed */
        AppraiserCredentials: {
            appraiser: {
                /**
                 * Format: uuid
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                id: string;
                /** @example Avery Appraiser */
                name: string;
                /** @example avery.appraiser@lonestar.example */
                email: string;
                /**
                 * Format: uuid
                 * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                 */
                company_id: string;
            };
            /** @description By state */
            licenses: components["schemas"]["AppraiserLicense"][];
            eo_policy: components["schemas"]["EoPolicy"] | null;
            /**
             * @description On the FHA appraiser roster, as the company confirmed
             * @example true
             */
            fha_roster: boolean;
            /**
             * @description The company holds their W-9
             * @example true
             */
            w9_on_file: boolean;
            capacity: number | null;
        };
        /** @description The license in the state of the path, replacing the one recorded there */
        AppraiserLicenseRequest: {
            /**
             * @description As the state issued it
             * @example TX-1380423-R
             */
            number: string;
            /**
             * @description trainee, licensed, certified_residential or certified_general
             * @example certified_residential
             * @enum {unknown}
             */
            level: "trainee" | "licensed" | "certified_residential" | "certified_general";
            issued_on?: string | null;
            /**
             * @description YYYY-MM-DD: the last day it is valid
             * @example 2027-03-31
             */
            expires_on: string;
        };
        /** @description The policy in force, replacing the one recorded (a renewal) */
        EoPolicyRequest: {
            /** @example Liberty Mutual */
            carrier: string;
            /** @example EO-55-2031 */
            policy_number: string;
            /**
             * @description Coverage per claim, e.g. 1000000.00
             * @example 1000000.00
             */
            per_claim: string;
            aggregate?: string | null;
            /**
             * @description YYYY-MM-DD: the last day it covers
             * @example 2027-06-30
             */
            expires_on: string;
        };
        /** @description What changes; a field left out stays as it is */
        AppraiserProfileRequest: {
            /**
             * @description Staff only
             * @example true
             */
            fha_roster?: boolean;
            /**
             * @description Staff only
             * @example true
             */
            w9_on_file?: boolean;
            /** @example 12 */
            capacity?: number | null;
        };
        /** @description A change of an appraiser's credentials */
        CredentialChange: {
            /**
             * Format: uuid
             * @example 1f0e6c5d-2b3a-4c9d-8e7f-6a5b4c3d2e1f
             */
            id: string;
            /**
             * @description license_recorded, license_removed, license_verified, eo_policy_recorded, eo_policy_removed, eo_policy_verified, profile_changed
             * @example license_recorded
             */
            change: string;
            by: {
                /**
                 * Format: uuid
                 * @example f506fe16-b09a-4454-b478-b7cbf95f2313
                 */
                id: string;
                /** @example Sam Staffer */
                name: string;
            } | null;
            acted_by: {
                /**
                 * Format: uuid
                 * @example 7d3b2a19-8c4e-4f6a-9b1d-2e3f4a5b6c7d
                 */
                id: string;
                /** @example Olive Operator */
                name: string;
            } | null;
            before: {
                [key: string]: unknown;
            } | null;
            after: {
                [key: string]: unknown;
            } | null;
            /**
             * Format: date-time
             * @description When
             * @example 2026-11-18T09:30:00.000Z
             */
            at: string;
        };
        /** @description An order of yours, as the work it needs */
        WorkItem: {
            /**
             * Format: uuid
             * @description The order
             * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
             */
            id: string;
            /** @example AOM-00000042 */
            file_number: string;
            /** @example 1100 Congress Ave, Unit 4, Austin, TX 78701 */
            full_address: string;
            status: components["schemas"]["OrderStatus"];
            /**
             * @description What the order needs of you: answer_offer (Pending assignment), await_terms (your condition or a negotiation is being decided), schedule, inspect, submit, revise (a revision or action is requested), on_hold, in_review (with the company or the lender), done, cancelled
             * @example inspect
             * @enum {unknown}
             */
            next_step: "answer_offer" | "await_terms" | "schedule" | "inspect" | "submit" | "revise" | "on_hold" | "in_review" | "done" | "cancelled";
            due_date: string | null;
            appraiser_fee: string | null;
            /**
             * @description on_completion: earned when the report is completed; owed: the report is completed and the fee is due to you; none: cancelled
             * @example on_completion
             * @enum {unknown}
             */
            fee_status: "on_completion" | "owed" | "none";
            offer_expires_at: string | null;
            inspection_scheduled_at: string | null;
            products: {
                /** @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6 */
                id: string;
                /** @example Single Family Appraisal (1004) */
                name: string;
            }[];
            contact: {
                /** @example Otto Occupant */
                name: string;
                phone: string | null;
            } | null;
            access_contact: components["schemas"]["AccessContact"] | null;
            special_instructions: string | null;
        };
        /** @description Your open orders and offers, and those closed in the last 180 days; most urgent first (offers by time left, then by inspection time and due date) */
        WorkList: {
            data: components["schemas"]["WorkItem"][];
        };
        /** @description Your calendar feed of scheduled inspections */
        CalendarFeed: {
            /**
             * @description The private address calendar apps subscribe to. Shown only when it is made: keep it like a password
             * @example https://appraisals.example.com/calendar/qVWa9vM_x5eMQqgOjHDiYo_mbZDGQ8x-n2BCCocgNLg.ics
             */
            url: string;
            /**
             * Format: date-time
             * @example 2026-11-20T10:00:00.000Z
             */
            created_at: string;
        };
        CalendarFeedStatus: {
            /**
             * @description Whether you have a calendar address that works
             * @example true
             */
            active: boolean;
            created_at: string | null;
        };
        /** @description The staff pipeline's queues: what needs the company now, with counts */
        OrderQueues: {
            /** @description Each queue, in the order people work them */
            data: {
                /**
                 * @description The queue key
                 * @example new
                 * @enum {unknown}
                 */
                id: "new" | "offers" | "decisions" | "review" | "revisions" | "on_hold" | "attention" | "cancellations";
                /** @example New and unassigned */
                name: string;
                /**
                 * @description What the queue holds and what to do with it
                 * @example Placed by the lender and waiting to be accepted, not yet offered, open for bids, or back after a rejection, a timeout or a refused negotiation: assign them
                 */
                description: string;
                /** @description The statuses it holds: list them with GET /orders?q[status_name_in][]=… */
                statuses: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /**
                 * @description Orders in the queue
                 * @example 3
                 */
                count: number;
                /**
                 * @description Of them, due before as_of; counted up to 100 (see overdue_count_capped)
                 * @example 1
                 */
                overdue_count: number;
                /**
                 * @description More than 100 are overdue: overdue_count says 100 ("100+")
                 * @example false
                 */
                overdue_count_capped: boolean;
                /**
                 * @description Of them, due from as_of to due_soon_before; counted up to 100
                 * @example 1
                 */
                due_soon_count: number;
                /**
                 * @description More than 100 are due soon ("100+")
                 * @example false
                 */
                due_soon_count_capped: boolean;
            }[];
            /**
             * Format: date-time
             * @description When the counts were taken
             * @example 2026-11-27T15:00:00.000Z
             */
            as_of: string;
            /**
             * Format: date-time
             * @description An order due before this (48 hours after as_of) is due soon
             * @example 2026-11-29T15:00:00.000Z
             */
            due_soon_before: string;
        };
        /** @description An appraiser of the panel, as the picker of one order shows them */
        AppraiserCandidate: {
            /**
             * Format: uuid
             * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
             */
            id: string;
            /** @example Avery Appraiser */
            name: string;
            /** @example avery.appraiser@lonestar.example */
            email: string;
            /**
             * @description Orders offered or assigned to them and not closed
             * @example 6
             */
            open_orders: number;
            /** @description The due dates of their next open orders, soonest first (up to three) */
            next_due_dates: string[];
            last_accepted_fee: string | null;
            last_accepted_on: string | null;
            /**
             * @description They rejected this order, let its offer time out, or had their condition refused
             * @example false
             */
            turned_down_this_order: boolean;
            /**
             * @description The order is offered or assigned to them now
             * @example true
             */
            is_current: boolean;
            /** @description What keeps them from this order, in sentences: no license in the subject's state or an expired one, a trainee, a licensed (not certified) appraiser or one off the FHA roster for an FHA loan, no errors-and-omissions policy or an expired one, at capacity. Empty: nothing does (docs/assignment.md) */
            credential_problems: string[];
        };
        /** @description The action was taken */
        ActionResult: {
            /**
             * @example true
             * @enum {boolean}
             */
            success: true;
            status: components["schemas"]["OrderStatus"];
        };
        DeclineOrderRequest: {
            /**
             * @description Why the order is declined
             * @example Outside our coverage area
             */
            reason: string;
        };
        WaivePaymentRequest: {
            /**
             * @description Why; recorded in the history
             * @example Paid by check at closing
             */
            reason?: string;
        };
        AssignRequest: {
            /**
             * @description An appraiser of the order's company
             * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
             */
            appraiser_id: string;
            /**
             * @description The appraiser's fee: a decimal amount, e.g. 450 or 450.00
             * @example 300.00
             */
            fee?: string;
            /**
             * @description When the appraiser must deliver: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 12/12/2026
             */
            due_date?: string;
        };
        AcceptAssignmentRequest: {
            /**
             * @description The fee the appraiser asks: a decimal amount, e.g. 450 or 450.00
             * @example 350.00
             */
            fee_condition?: string;
            /**
             * @description The due date the appraiser asks: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 12/18/2026
             */
            due_date_condition?: string;
            /** @example A second dwelling on the lot */
            comments?: string;
        };
        RejectAssignmentRequest: {
            /**
             * @description Why the offer is declined
             * @example Too far from my area this week
             */
            reason: string;
        };
        ApproveAssignmentConditionRequest: {
            /**
             * @description The lender's total fee to ask for (the current total plus the appraiser's increase passes it on); left out: the lender's fee stays, and the company absorbs any increase: a decimal amount, e.g. 450 or 450.00
             * @example 500.00
             */
            client_total_fee?: string;
            /**
             * @description The lender's due date to ask for; left out: the appraiser's date when later than the lender's: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 12/18/2026
             */
            client_due_date?: string;
            /**
             * @description The company's words to the lender about the new terms
             * @example The appraiser needs three more days for the second dwelling
             */
            client_comments?: string;
        };
        RequestNegotiationRequest: {
            /**
             * @description The new total fee of the order: a decimal amount, e.g. 450 or 450.00
             * @example 500.00
             */
            fee?: string;
            /**
             * @description The new due date: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 12/18/2026
             */
            due_date?: string;
            /**
             * @description Why; recorded in the history
             * @example The property has a second dwelling
             */
            reason?: string;
        };
        RefuseNegotiationRequest: {
            /**
             * @description Why; recorded in the history
             * @example Over the budget for this loan
             */
            reason?: string;
        };
        ScheduleInspectionRequest: {
            /**
             * @description When the inspection takes place; now or later: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 2026-12-01T09:00
             */
            inspection_scheduled_at: string;
        };
        CompleteInspectionRequest: {
            /**
             * @description When the inspection took place, at or after the scheduled time and not in the future; default: now: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
             * @example 2026-12-01T10:10
             */
            inspected_at?: string;
        };
        RequireActionRequest: {
            /**
             * @description What the appraiser must fix
             * @example Comparable 2 is outside the neighborhood
             */
            reason: string;
        };
        ForwardRequestRequest: {
            /**
             * @description What the appraiser reads; left out: the client's request as it was written
             * @example Please check the living area against the plans
             */
            comments?: string;
            /**
             * @description Share the request's attachments with the appraiser (default: true)
             * @example true
             */
            include_attachments?: boolean;
        };
        AnswerRequestRequest: {
            /**
             * @description The answer to the client
             * @example The sales named closed after the effective date of the appraisal.
             */
            comments: string;
        };
        HoldRequest: {
            /**
             * @description Why; recorded in the history
             * @example The borrower is travelling until December 5
             */
            reason?: string;
        };
        FlagAttentionRequest: {
            /**
             * @description What needs attention
             * @example The borrower called about the inspection time
             */
            reason: string;
        };
        RequestInfoRequest: {
            /**
             * @description What information is needed
             * @example We need the gate code
             */
            reason: string;
        };
        ProvideInfoRequest: {
            /**
             * @description The information asked for
             * @example Gate code 1234
             */
            comments: string;
        };
        RequestCancelRequest: {
            /**
             * @description Why; recorded in the history
             * @example The purchase fell through
             */
            reason?: string;
        };
        DenyCancelRequest: {
            /**
             * @description Why the order goes on
             * @example The report is nearly done; the inspection fee is due
             */
            reason: string;
        };
        CancelRequest: {
            /**
             * @description Why; recorded in the history
             * @example The loan was withdrawn
             */
            reason?: string;
        };
        /** @description What kind of document a file is */
        FileType: {
            /**
             * Format: uuid
             * @example ef464c66-bf25-4a61-9099-6432df7ff631
             */
            id: string;
            /**
             * @description Appraisal Report, Invoice, Photos…
             * @example Appraisal Report (PDF)
             */
            name: string;
            /**
             * @description What an upload names as file_type
             * @example appraisal_pdf
             */
            slug: string;
        };
        /** @description One of the order's files */
        File: {
            /**
             * Format: uuid
             * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
             */
            id: string;
            /**
             * @description MM/DD/YYYY, the day in TIME_ZONE (as the interface fixes it)
             * @example 11/27/2026
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it was uploaded: ISO 8601 date-time in UTC, to the millisecond
             * @example 2026-11-27T15:42:07.318Z
             */
            created_at_iso: string;
            file_type: components["schemas"]["FileType"];
            /** @example appraisal-report.pdf */
            filename: string;
            /**
             * @description Signed, expiring download link (LINK_TTL_SECONDS): GET it, no API key
             * @example https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E
             */
            link: string;
            audience: components["schemas"]["Audience"];
            note_id: string | null;
            submission: number | null;
            released: boolean | null;
        };
        /** @description The file just uploaded */
        UploadedFile: {
            /**
             * Format: uuid
             * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
             */
            id: string;
            /**
             * @description MM/DD/YYYY, the day in TIME_ZONE (as the interface fixes it)
             * @example 11/27/2026
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it was uploaded: ISO 8601 date-time in UTC, to the millisecond
             * @example 2026-11-27T15:42:07.318Z
             */
            created_at_iso: string;
            file_type: components["schemas"]["FileType"];
            /** @example appraisal-report.pdf */
            filename: string;
            /**
             * @description Signed, expiring download link (LINK_TTL_SECONDS): GET it, no API key
             * @example https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E
             */
            link: string;
            audience: components["schemas"]["Audience"];
            note_id: string | null;
            submission: number | null;
            released: boolean | null;
            /**
             * @description The stored object's key; returned only by the upload
             * @example orders/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f/5a6871fb-6a7f-4dbd-9018-534c08339562
             */
            attachment_key: string;
        };
        FileChangeRequest: {
            audience: components["schemas"]["Audience"];
        };
        /**
         * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
         * @example everyone
         * @enum {unknown}
         */
        Audience: "internal" | "appraiser" | "client" | "everyone";
        /** @description A note on the order */
        Note: {
            /**
             * Format: uuid
             * @example a3bbbc97-c82d-468a-86ea-17fc41c39760
             */
            id: string;
            /** @description Who received it by email besides the order */
            additional_emails: string[];
            attachments: {
                /** @example gate-map.pdf */
                filename: string;
                /**
                 * @description Signed, expiring download link: GET it, no API key
                 * @example https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E
                 */
                link: string;
            }[];
            /**
             * @description Who wrote it; "Sam Staffer for Pat Processor" when someone wrote it acting for the author
             * @example Casey Client
             */
            author_name: string;
            /**
             * @description Sanitized HTML
             * @example <p>The gate code is <b>1234</b>; the dog is friendly.</p>
             */
            content: string;
            /**
             * @description MM/DD/YYYY, the day in TIME_ZONE (as the interface fixes it)
             * @example 11/27/2026
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it was written: ISO 8601 date-time in UTC, to the millisecond
             * @example 2026-11-27T14:05:31.902Z
             */
            created_at_iso: string;
            important: boolean | null;
            subject: string | null;
            audience: components["schemas"]["Audience"];
            forwarded_from: {
                /**
                 * Format: uuid
                 * @example b2f1e0d9-8c7b-4a6f-9e5d-4c3b2a190817
                 */
                id: string;
                /** @example Casey Client */
                author_name: string;
            } | null;
        };
        ForwardNoteRequest: {
            audience?: components["schemas"]["Audience"];
            /**
             * @description The words passed on (HTML; sanitized); default: the original's
             * @example <p>From the lender: the gate code is <b>1234</b>.</p>
             */
            content?: string;
            subject?: string | null;
            /**
             * @description Pass the original's attachments on too (default: true)
             * @example true
             */
            include_attachments?: boolean;
        };
        /** @description Sent as party[name], party[role], party[emails][]… in a form */
        CreatePartyRequest: {
            party: {
                /** @example Sally Seller */
                name: string;
                /**
                 * @description A role title as you name it ("Loan Officer", "Seller's Agent"); answered as written. Common roles share a key whatever the spelling: borrower, co_borrower, buyer_agent, seller_agent, listing_agent, seller, buyer, loan_officer, processor, client_manager, underwriter, closer, attorney, title_agent, builder, property_manager, owner, occupant, tenant, other
                 * @example Seller's Agent
                 */
                role: string;
                /** @description Whether the party is a point of contact (a boolean, or the text true or false) */
                poc: boolean | ("true" | "false");
                emails?: string[];
                phones?: string[];
            };
        };
        TogglePointOfContactRequest: {
            /** @description Whether the party is a point of contact (a boolean, or the text true or false) */
            poc: boolean | ("true" | "false");
        };
        /** @description After CARD_DECLINES_BEFORE_LOCK declined cards within CARD_LOCK_MINUTES (card testing), the page refuses cards until locked_until; nothing is charged or stored meanwhile. */
        CardPageLock: {
            /**
             * Format: date-time
             * @description ISO 8601 (UTC): when the card page takes cards again
             * @example 2026-11-27T18:00:00.000Z
             */
            locked_until: string;
            /**
             * @description Why it is locked, e.g. "5 card payments were declined within 60 minutes"
             * @example 5 card payments were declined within 60 minutes
             */
            reason: string;
            /** @example 5 */
            declined_attempts: number;
        };
        /** @description A payment received */
        Payment: {
            /**
             * @description Currency string, e.g. "$450.00"
             * @example $200.00
             */
            amount: string;
            /**
             * @description MM/DD/YYYY
             * @example 11/27/2026
             */
            confirmed_at: string;
            /**
             * @description MM/DD/YYYY
             * @example 11/27/2026
             */
            created_at: string;
            /**
             * @description How it was paid: by card (the hosted page, a card on file)
             * @example credit_card
             * @enum {unknown}
             */
            method: "credit_card";
            /**
             * @description e.g. "Paid with **** 4242"
             * @example Paid with **** 4242
             */
            paid_by: string;
            /**
             * @description The receipt PDF (signed, expiring)
             * @example https://appraisals.example.com/receipts/a29a39ca-badc-414e-aa9a-144c144fd16a?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E
             */
            receipt_link: string;
        };
        /** @description The order's invoice and payments */
        PaymentSummary: {
            /**
             * @description Currency string, e.g. "$1,234.50"
             * @example $250.00
             */
            balance: string;
            /** @example $450.00 */
            total: string;
            /** @example $200.00 */
            total_paid: string;
            /**
             * @description The hosted card payment page (signed, expiring)
             * @example https://appraisals.example.com/pay/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E
             */
            input_credit_card_link: string;
            card_page_lock: components["schemas"]["CardPageLock"] | null;
            /**
             * @description The invoice PDF (signed, expiring)
             * @example https://appraisals.example.com/invoices/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E
             */
            pdf_link: string;
            /** @description The invoice's lines */
            items: {
                /** @example $450.00 */
                amount: string;
                /** @example Single Family Appraisal (1004) */
                product_name: string;
            }[];
            payments: components["schemas"]["Payment"][];
        };
        /** @description Who receives the payment link: {"emails": [...]}, or {"email": [...]}, {"email": "a@b.example"}, or a bare array */
        SendPaymentLinkRequest: {
            emails: string[];
        } | {
            email: string[] | string;
        } | string[];
        UpdatePaymentMethodRequest: {
            /**
             * @example payment_link
             * @enum {unknown}
             */
            payment_method: "payment_link" | "invoice" | "credit_card";
        };
        /** @description A subscription to events */
        Webhook: {
            /**
             * Format: uuid
             * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
             */
            id: string;
            /**
             * Format: uuid
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            organization_id: string;
            /**
             * Format: uri
             * @description Where the deliveries go
             * @example https://los.hillcountry.example/hooks/aoms
             */
            url: string;
            /** @description Empty: every event */
            event_types: ("order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test")[];
            /** @example true */
            active: boolean;
            description: string | null;
            disabled_at: string | null;
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-01T09:35:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-01T09:35:00.000Z
             */
            updated_at: string;
        };
        /** @description A new subscription, with its signing secret shown once */
        WebhookWithSecret: {
            /**
             * Format: uuid
             * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
             */
            id: string;
            /**
             * Format: uuid
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            organization_id: string;
            /**
             * Format: uri
             * @description Where the deliveries go
             * @example https://los.hillcountry.example/hooks/aoms
             */
            url: string;
            /** @description Empty: every event */
            event_types: ("order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test")[];
            /** @example true */
            active: boolean;
            description: string | null;
            disabled_at: string | null;
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-01T09:35:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-01T09:35:00.000Z
             */
            updated_at: string;
            /**
             * @description The signing secret: shown now and never again (rotate to get a new one)
             * @example whsec_3q9Vd2Lr8tXw1Zn6Bc4Fg7Hj0Km5Np2Qs8Tu1Vw3Yx=
             */
            secret: string;
        };
        RotatedWebhookSecret: {
            /**
             * @description The new signing secret: shown now and never again
             * @example whsec_3q9Vd2Lr8tXw1Zn6Bc4Fg7Hj0Km5Np2Qs8Tu1Vw3Yx=
             */
            secret: string;
        };
        /** @description One delivery of an event to a subscription, with its attempts */
        WebhookDelivery: {
            /**
             * Format: uuid
             * @example 8dc7b8ce-414c-47f8-9098-a9526aeb839c
             */
            id: string;
            /**
             * Format: uuid
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            event_id: string;
            /**
             * @example order.status_changed
             * @enum {unknown}
             */
            event_type: "order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test";
            /**
             * @example delivered
             * @enum {unknown}
             */
            status: "pending" | "delivered" | "failed";
            /** @example 2 */
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            next_attempt_at: string | null;
            replay_of: string | null;
            /**
             * Format: date-time
             * @example 2026-11-27T14:02:11.000Z
             */
            created_at: string;
            delivered_at: string | null;
            attempt_log: {
                /**
                 * Format: date-time
                 * @example 2026-11-27T14:02:11.500Z
                 */
                attempted_at: string;
                status_code: number | null;
                /** @example 120 */
                latency_ms: number;
                error: string | null;
            }[];
        };
        ReplayedDelivery: {
            /**
             * @example true
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The new delivery
             * @example a5a62e00-68a4-4e96-ae44-0c542224d23b
             */
            delivery_id: string;
        };
        TestEventSent: {
            /**
             * @example true
             * @enum {boolean}
             */
            success: true;
            /**
             * Format: uuid
             * @description The webhook.test event
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            event_id: string;
        };
        CreateWebhookRequest: {
            /**
             * Format: uri
             * @description An absolute http or https URI (RFC 3986) that answers 2xx; a private or local address is refused unless the deployment allows it (docs/webhooks.md)
             * @example https://los.hillcountry.example/hooks/aoms
             */
            url: string;
            /** @description Event types to receive (docs/webhooks.md); empty, absent or ["*"] (alone) for all */
            event_types?: ("order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test" | "*")[];
            /** @example true */
            active?: boolean;
            description?: string | null;
            /**
             * @description Operators only: the organization the subscription is for
             * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
             */
            organization_id?: string;
        };
        /** @description Absent fields stay */
        UpdateWebhookRequest: {
            /**
             * Format: uri
             * @description An absolute http or https URI (RFC 3986) that answers 2xx; a private or local address is refused unless the deployment allows it (docs/webhooks.md)
             * @example https://los.hillcountry.example/hooks/aoms
             */
            url?: string;
            /** @description Event types to receive (docs/webhooks.md); empty, absent or ["*"] (alone) for all */
            event_types?: ("order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test" | "*")[];
            /**
             * @description true re-enables a disabled subscription
             * @example true
             */
            active?: boolean;
            description?: string | null;
        };
        /** @description An order was placed. */
        OrderCreatedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.created
             * @constant
             */
            type: "order.created";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /** @description The status it was placed in */
                status: components["schemas"]["StatusName"];
                /**
                 * Format: uuid
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
                /**
                 * Format: uuid
                 * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                 */
                company_id: string;
                /**
                 * Format: date-time
                 * @description The due date
                 * @example 2026-12-15T23:00:00.000Z
                 */
                due_date: string;
                loan_type: components["schemas"]["LoanType"];
                transaction_type: components["schemas"]["TransactionType"];
                /**
                 * @description The client's fee
                 * @example 450.00
                 */
                total_fee: string;
            };
        };
        /** @description The order changed status. */
        OrderStatusChangedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.status_changed
             * @constant
             */
            type: "order.status_changed";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /** @description The status before */
                from: components["schemas"]["StatusName"];
                /** @description The status now */
                to: components["schemas"]["StatusName"];
                /**
                 * @description The workflow action (docs/workflow.md)
                 * @example schedule_inspection
                 */
                action: string;
                actor: {
                    /** @example f506fe16-b09a-4454-b478-b7cbf95f2313 */
                    id: string;
                    /** @example Sam Staffer */
                    name: string;
                } | null;
                acting_for?: {
                    /** @example c6427c15-337f-4e88-8c72-bb4f499bfc66 */
                    id: string;
                    /** @example Avery Appraiser */
                    name: string;
                } | null;
                reason: string | null;
            };
        };
        /** @description The order was offered to an appraiser. */
        OrderAssignedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.assigned
             * @constant
             */
            type: "order.assigned";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                appraiser_id: string | null;
                appraiser_fee?: string | null;
                due_date: string | null;
            };
        };
        /** @description The appraiser accepted (possibly with conditions) or rejected the offer. */
        OrderOfferAnsweredEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.offer_answered
             * @constant
             */
            type: "order.offer_answered";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * @example accepted_with_condition
                 * @enum {unknown}
                 */
                answer: "accepted" | "accepted_with_condition" | "rejected";
                reason: string | null;
                appraiser_fee_condition?: string | null;
                due_date_condition?: string | null;
                appraiser_id?: string | null;
            };
        };
        /** @description The inspection was scheduled. */
        OrderInspectionScheduledEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.inspection_scheduled
             * @constant
             */
            type: "order.inspection_scheduled";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                inspection_scheduled_at: string | null;
            };
        };
        /** @description The inspection took place. */
        OrderInspectionCompletedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.inspection_completed
             * @constant
             */
            type: "order.inspection_completed";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                inspected_at?: string | null;
            };
        };
        /** @description The appraiser submitted the report; the company reviews it before the lender gets it. */
        OrderSubmissionReceivedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.submission_received
             * @constant
             */
            type: "order.submission_received";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                files: {
                    /**
                     * @example appraisal_pdf
                     * @enum {unknown}
                     */
                    file_type: "appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter";
                    /** @example appraisal-report.pdf */
                    filename: string;
                }[];
            };
        };
        /** @description The client asked for a revision. */
        OrderRevisionRequestedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.revision_requested
             * @constant
             */
            type: "order.revision_requested";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                comments: string | null;
            };
        };
        /** @description The client asked for a reconsideration of value. */
        OrderReconsiderationRequestedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.reconsideration_requested
             * @constant
             */
            type: "order.reconsideration_requested";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                reason: string | null;
                summary: string | null;
            };
        };
        /** @description A change of the client's fee and/or due date awaits the client's decision. */
        OrderNegotiationOpenedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.negotiation_opened
             * @constant
             */
            type: "order.negotiation_opened";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                total_fee: string | null;
                due_date: string | null;
                comments: string | null;
            };
        };
        /** @description The client approved or refused the new terms. */
        OrderNegotiationAnsweredEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.negotiation_answered
             * @constant
             */
            type: "order.negotiation_answered";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * @example approved
                 * @enum {unknown}
                 */
                answer: "approved" | "refused";
                total_fee?: string | null;
                due_date?: string | null;
                reason?: string | null;
            };
        };
        /** @description A note was added; to those in the note's audience. */
        OrderNoteAddedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.note_added
             * @constant
             */
            type: "order.note_added";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * Format: uuid
                 * @example a3bbbc97-c82d-468a-86ea-17fc41c39760
                 */
                note_id: string;
                subject: string | null;
                /** @example Casey Client */
                author_name: string;
                /** @description The note's audience */
                audience?: components["schemas"]["Audience"];
            };
        };
        /** @description A file was uploaded; to those in the file's audience. */
        OrderFileAddedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.file_added
             * @constant
             */
            type: "order.file_added";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * Format: uuid
                 * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
                 */
                file_id: string;
                /**
                 * @example appraisal_pdf
                 * @enum {unknown}
                 */
                file_type: "appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter";
                /** @example appraisal-report.pdf */
                filename: string;
                /** @description The file's audience */
                audience?: components["schemas"]["Audience"];
            };
        };
        /** @description The company released the report to the lender (the order was completed or sent to client review, and paid where the company asks for payment first): its files are now listed for the lender. */
        OrderReportReleasedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.report_released
             * @constant
             */
            type: "order.report_released";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * @description Which submission of the order: 1, 2, …
                 * @example 1
                 */
                submission: number;
                files: {
                    /**
                     * Format: uuid
                     * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
                     */
                    file_id: string;
                    /**
                     * @example appraisal_pdf
                     * @enum {unknown}
                     */
                    file_type: "appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter";
                    /** @example appraisal-report.pdf */
                    filename: string;
                }[];
            };
        };
        /** @description The order was corrected (PATCH /orders/{order_id}): each field changed, before and after; a side's subscriptions and live updates never carry a field that side may not see (the lender's loan amount reaches no appraiser). */
        OrderUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.updated
             * @constant
             */
            type: "order.updated";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /** @description Dates are ISO 8601 (due_date), money a decimal string (loan_amount), the address one line, the access contact {name, phone, email, note} */
                changes: {
                    [key: string]: {
                        /** @description The value before (null: none) */
                        from: unknown;
                        /** @description The value after (null: none) */
                        to: unknown;
                    };
                };
                reason: string | null;
            };
        };
        /** @description A party was added. */
        OrderPartyAddedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.party_added
             * @constant
             */
            type: "order.party_added";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * Format: uuid
                 * @example 9ae45bbb-fa1b-4402-929b-dbb5d1e360a3
                 */
                party_id: string;
                /** @example Otto Occupant */
                name: string;
                /** @example Occupant */
                role: string;
                /** @example true */
                poc: boolean;
            };
        };
        /** @description A payment was received. */
        OrderPaymentReceivedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.payment_received
             * @constant
             */
            type: "order.payment_received";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                /**
                 * Format: uuid
                 * @example a29a39ca-badc-414e-aa9a-144c144fd16a
                 */
                payment_id: string;
                /**
                 * @description What was paid
                 * @example 200.00
                 */
                amount: string;
                /**
                 * @description What remains due
                 * @example 250.00
                 */
                balance: string;
            };
        };
        /** @description A payment link was emailed. */
        OrderPaymentLinkSentEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example order.payment_link_sent
             * @constant
             */
            type: "order.payment_link_sent";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description AOM-00000042
                 * @example AOM-00000042
                 */
                file_number: string;
                recipients: string[];
                /**
                 * @description The balance asked for
                 * @example 250.00
                 */
                balance: string;
            };
        };
        /** @description Sent by POST /api/v1/webhooks/{id}/test to check a receiver. */
        WebhookTestEvent: {
            /**
             * Format: uuid
             * @description The event id; also the webhook-id header
             * @example 9b6290cb-6c91-46e5-9cfa-90188f929553
             */
            id: string;
            /**
             * @example webhook.test
             * @constant
             */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description When it happened, ISO 8601 UTC
             * @example 2026-11-27T14:02:11.000Z
             */
            timestamp: string;
            data: {
                /** @example A test event from the appraisal service */
                message: string;
                /**
                 * Format: uuid
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
        };
    };
    responses: {
        /** @description The URL or the body could not be read (broken JSON or multipart) */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No API key, or an unknown or revoked one */
        Unauthenticated: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The card was declined; nothing changed */
        PaymentDeclined: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not allowed: your role may not do this, you may not act for the X-Api-Email user, or a signed link is expired or altered */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown id, or another tenant's (exactly like a missing one) */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The order's status does not allow it now (allowed_transitions lists what does), a concurrent change won, or the Idempotency-Key is in use */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body or the files are over the limit */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A Content-Type this endpoint does not take */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Input that fails validation: details name each field */
        ValidationFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests: retry after Retry-After seconds */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request line and headers together are over 16 KiB (a long query string counts): search with fewer or shorter q[...] terms */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Something failed on the service side; nothing was half done, and request_id finds it in the log */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database does not answer */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
         * @example lou.officer@hillcountry.example
         */
        XApiEmail: string;
        /**
         * @description The same as X-Api-Email (either name is read)
         * @example lou.officer@hillcountry.example
         */
        XUserEmail: string;
        /**
         * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
         * @example los-7f3a9c.1
         */
        XRequestId: string;
        /**
         * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
         * @example create-order-HC-2026-0042
         */
        IdempotencyKey: string;
        /**
         * @description Invitations: the invited user's first name
         * @example Nora
         */
        XApiFirstName: string;
        /**
         * @description Invitations: the invited user's last name
         * @example New
         */
        XApiLastName: string;
        /**
         * @description Invitations into a company: staff (default) or appraiser
         * @example appraiser
         */
        XApiRole: "staff" | "appraiser" | "client";
    };
    requestBodies: never;
    headers: {
        /** @description The request's id: yours, or one made up; in every log line of it */
        "X-Request-Id": string;
        /** @description Requests allowed in the window */
        "RateLimit-Limit": number;
        /** @description Requests left in the window */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window starts again */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
        /** @description true when the answer is the kept answer of an earlier request with the same Idempotency-Key */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getServiceIndex: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The index, or the web application to a browser */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Appraisal Order Management",
                     *       "api": "https://appraisals.example.com/api/v1",
                     *       "docs": "https://appraisals.example.com/docs",
                     *       "openapi": "https://appraisals.example.com/openapi.json"
                     *     }
                     */
                    "application/json": components["schemas"]["ServiceIndex"];
                    /** @example <!doctype html><html lang="en"><head><title>Appraisal Orders</title>… */
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All is well */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All is well */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    downloadFile: {
        parameters: {
            query?: {
                /** @description From the link: when it stops working (Unix seconds) */
                expires?: string;
                /** @description From the link: its HMAC signature */
                signature?: string;
                /** @description inline: a PDF opens in the browser's own viewer instead of downloading (other files still download); default attachment */
                disposition?: "attachment" | "inline";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path: {
                /**
                 * @description The file
                 * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
                 */
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its own Content-Type and Content-Disposition: attachment */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example %PDF-1.7 (the bytes of the file) */
                    "*/*": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getCalendarFeedFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path: {
                /**
                 * @description The token of the address, then .ics (any other shape answers 404, like an unknown one)
                 * @example qVWa9vM_x5eMQqgOjHDiYo_mbZDGQ8x-n2BCCocgNLg.ics
                 */
                feed: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example BEGIN:VCALENDAR
                     *     VERSION:2.0
                     *     PRODID:-//Appraisal Orders//Inspections//EN
                     *     BEGIN:VEVENT
                     *     UID:inspection-6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f@appraisals.example.com
                     *     DTSTAMP:20261127T140211Z
                     *     DTSTART:20261201T150000Z
                     *     DTEND:20261201T160000Z
                     *     SUMMARY:Inspection AOM-00000042: 1100 Congress Ave\, Austin
                     *     END:VEVENT
                     *     END:VCALENDAR
                     */
                    "text/calendar": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "lou.officer@hillcountry.example",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["SignInRequest"];
                /**
                 * @example {
                 *       "email": "lou.officer@hillcountry.example",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: email
                     * @example lou.officer@hillcountry.example
                     */
                    email: string;
                    /**
                     * @description 12 to 128 characters
                     * @example correct horse battery staple
                     */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and what their requests need */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *         "name": "Lou Officer",
                     *         "email": "lou.officer@hillcountry.example",
                     *         "role": "client",
                     *         "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "is_admin": false
                     *       },
                     *       "actor": {
                     *         "id": "4080d07e-e341-43d4-bb37-72dba9b07256",
                     *         "name": "Casey Client",
                     *         "email": "casey.client@hillcountry.example"
                     *       },
                     *       "csrf_token": "TObAX3UScpMxJISUAHstYwKGpjdy9eLOCu0ZG2KwzJw",
                     *       "expires_at": "2026-11-27T23:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user and what their requests need */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *         "name": "Lou Officer",
                     *         "email": "lou.officer@hillcountry.example",
                     *         "role": "client",
                     *         "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "is_admin": false
                     *       },
                     *       "actor": {
                     *         "id": "4080d07e-e341-43d4-bb37-72dba9b07256",
                     *         "name": "Casey Client",
                     *         "email": "casey.client@hillcountry.example"
                     *       },
                     *       "csrf_token": "TObAX3UScpMxJISUAHstYwKGpjdy9eLOCu0ZG2KwzJw",
                     *       "expires_at": "2026-11-27T23:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "lou.officer@hillcountry.example"
                 *     }
                 */
                "application/json": components["schemas"]["ForgotPasswordRequest"];
                /**
                 * @example {
                 *       "email": "lou.officer@hillcountry.example"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: email
                     * @example lou.officer@hillcountry.example
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description If the email has an account, the link is on its way */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    setPasswordWithLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "wRSKlGCPzqhRUZtRfdczuH8kfTYzAJBxwRdKaUrWWi8",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["SetPasswordRequest"];
                /**
                 * @example {
                 *       "token": "wRSKlGCPzqhRUZtRfdczuH8kfTYzAJBxwRdKaUrWWi8",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The link's token (from the email)
                     * @example wRSKlGCPzqhRUZtRfdczuH8kfTYzAJBxwRdKaUrWWi8
                     */
                    token: string;
                    /**
                     * @description 12 to 128 characters
                     * @example correct horse battery staple
                     */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and what their requests need */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *         "name": "Lou Officer",
                     *         "email": "lou.officer@hillcountry.example",
                     *         "role": "client",
                     *         "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "is_admin": false
                     *       },
                     *       "actor": {
                     *         "id": "4080d07e-e341-43d4-bb37-72dba9b07256",
                     *         "name": "Casey Client",
                     *         "email": "casey.client@hillcountry.example"
                     *       },
                     *       "csrf_token": "TObAX3UScpMxJISUAHstYwKGpjdy9eLOCu0ZG2KwzJw",
                     *       "expires_at": "2026-11-27T23:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "correct horse battery staple",
                 *       "password": "a brand new passphrase"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePasswordRequest"];
                /**
                 * @example {
                 *       "current_password": "correct horse battery staple",
                 *       "password": "a brand new passphrase"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Empty when no password was set yet
                     * @example correct horse battery staple
                     */
                    current_password: string;
                    /**
                     * @description 12 to 128 characters
                     * @example a brand new passphrase
                     */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description Invitations: the invited user's first name
                 * @example Nora
                 */
                "X-Api-First-Name"?: components["parameters"]["XApiFirstName"];
                /**
                 * @description Invitations: the invited user's last name
                 * @example New
                 */
                "X-Api-Last-Name"?: components["parameters"]["XApiLastName"];
                /**
                 * @description Invitations into a company: staff (default) or appraiser
                 * @example appraiser
                 */
                "X-Api-Role"?: components["parameters"]["XApiRole"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user whose permissions apply, or the invited user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *       "name": "Lou Officer",
                     *       "email": "lou.officer@hillcountry.example",
                     *       "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI1NzI0MzU4Mi1jMTVlLTRkZDYtODEwYi02ZDdmZTg3ZWQxNGYifQ.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2aWNl"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The kinds of your role */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "kind": "new_offer",
                     *         "description": "An order is offered to you, with the time left to answer",
                     *         "enabled": true
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["NotificationSetting"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeNotificationSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "new_offer": true,
                 *       "revision_requested": true,
                 *       "order_on_hold": true,
                 *       "order_resumed": true,
                 *       "order_cancelled": true,
                 *       "appraiser_assigned": true,
                 *       "inspection_scheduled": false,
                 *       "report_delivered": true,
                 *       "request_answered": true,
                 *       "payment_due": true,
                 *       "negotiation_to_decide": true,
                 *       "condition_to_decide": true,
                 *       "offer_declined": true,
                 *       "negotiation_answered": true,
                 *       "client_request_to_review": true,
                 *       "appraiser_removed": true,
                 *       "condition_rejected": true,
                 *       "offer_timed_out": true,
                 *       "report_to_review": true,
                 *       "info_requested": true,
                 *       "order_declined": true,
                 *       "lender_order_cancelled": true,
                 *       "new_order": true,
                 *       "report_submitted": true,
                 *       "lender_request_sent": false,
                 *       "cancel_requested": true,
                 *       "info_provided": true,
                 *       "payment_received": false
                 *     }
                 */
                "application/json": components["schemas"]["NotificationSettingsChange"];
                /**
                 * @example {
                 *       "new_offer": true,
                 *       "revision_requested": true,
                 *       "order_on_hold": true,
                 *       "order_resumed": true,
                 *       "order_cancelled": true,
                 *       "appraiser_assigned": true,
                 *       "inspection_scheduled": false,
                 *       "report_delivered": true,
                 *       "request_answered": true,
                 *       "payment_due": true,
                 *       "negotiation_to_decide": true,
                 *       "condition_to_decide": true,
                 *       "offer_declined": true,
                 *       "negotiation_answered": true,
                 *       "client_request_to_review": true,
                 *       "appraiser_removed": true,
                 *       "condition_rejected": true,
                 *       "offer_timed_out": true,
                 *       "report_to_review": true,
                 *       "info_requested": true,
                 *       "order_declined": true,
                 *       "lender_order_cancelled": true,
                 *       "new_order": true,
                 *       "report_submitted": true,
                 *       "lender_request_sent": false,
                 *       "cancel_requested": true,
                 *       "info_provided": true,
                 *       "payment_received": false
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example true */
                    new_offer?: boolean;
                    /** @example true */
                    revision_requested?: boolean;
                    /** @example true */
                    order_on_hold?: boolean;
                    /** @example true */
                    order_resumed?: boolean;
                    /** @example true */
                    order_cancelled?: boolean;
                    /** @example true */
                    appraiser_removed?: boolean;
                    /** @example true */
                    condition_rejected?: boolean;
                    /** @example true */
                    offer_timed_out?: boolean;
                    /** @example true */
                    appraiser_assigned?: boolean;
                    /** @example false */
                    inspection_scheduled?: boolean;
                    /** @example true */
                    report_delivered?: boolean;
                    /** @example true */
                    request_answered?: boolean;
                    /** @example true */
                    payment_due?: boolean;
                    /** @example true */
                    report_to_review?: boolean;
                    /** @example true */
                    info_requested?: boolean;
                    /** @example true */
                    order_declined?: boolean;
                    /** @example true */
                    lender_order_cancelled?: boolean;
                    /** @example true */
                    negotiation_to_decide?: boolean;
                    /** @example true */
                    condition_to_decide?: boolean;
                    /** @example true */
                    offer_declined?: boolean;
                    /** @example true */
                    negotiation_answered?: boolean;
                    /** @example true */
                    client_request_to_review?: boolean;
                    /** @example true */
                    new_order?: boolean;
                    /** @example true */
                    report_submitted?: boolean;
                    /** @example false */
                    lender_request_sent?: boolean;
                    /** @example true */
                    cancel_requested?: boolean;
                    /** @example true */
                    info_provided?: boolean;
                    /** @example false */
                    payment_received?: boolean;
                };
            };
        };
        responses: {
            /** @description The kinds of your role, as they now are */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "kind": "new_offer",
                     *         "description": "An order is offered to you, with the time left to answer",
                     *         "enabled": true
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["NotificationSetting"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getPaymentCard: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The card the submission fees are charged to (never its number) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "brand": "Visa",
                     *       "last4": "4242",
                     *       "exp_month": 12,
                     *       "exp_year": 2031,
                     *       "name": "Avery Appraiser",
                     *       "updated_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CardOnFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    putPaymentCard: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Avery Appraiser",
                 *       "number": "4242 4242 4242 4242",
                 *       "exp_month": 12,
                 *       "exp_year": 2031,
                 *       "cvc": "123"
                 *     }
                 */
                "application/json": components["schemas"]["CardOnFileRequest"];
                /**
                 * @example {
                 *       "name": "Avery Appraiser",
                 *       "number": "4242 4242 4242 4242",
                 *       "exp_month": 12,
                 *       "exp_year": 2031,
                 *       "cvc": "123"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The name on the card
                     * @example Avery Appraiser
                     */
                    name: string;
                    /**
                     * @description Sent to the card processor; never stored
                     * @example 4242 4242 4242 4242
                     */
                    number: string;
                    exp_month: string | number;
                    exp_year: string | number;
                    /**
                     * @description Sent to the card processor; never stored
                     * @example 123
                     */
                    cvc: string;
                };
            };
        };
        responses: {
            /** @description The card now on file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "brand": "Visa",
                     *       "last4": "4242",
                     *       "exp_month": 12,
                     *       "exp_year": 2031,
                     *       "name": "Avery Appraiser",
                     *       "updated_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CardOnFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deletePaymentCard: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getOrderListSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description Which list: the order list or the staff pipeline
                 * @example orders
                 */
                list: "orders" | "pipeline";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your columns of an order list (null: your role's defaults) and your saved views */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list": "orders",
                     *       "columns": [
                     *         "property",
                     *         "borrower",
                     *         "client",
                     *         "appraiser",
                     *         "due",
                     *         "time_in_status"
                     *       ],
                     *       "views": [
                     *         {
                     *           "id": "0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21",
                     *           "name": "Reports to review",
                     *           "search": {
                     *             "status": "in_review",
                     *             "sort": "due_date asc"
                     *           },
                     *           "columns": [
                     *             "property",
                     *             "borrower",
                     *             "client",
                     *             "appraiser",
                     *             "due",
                     *             "time_in_status"
                     *           ],
                     *           "created_at": "2026-11-26T15:04:05.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OrderListSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    putOrderListColumns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description Which list: the order list or the staff pipeline
                 * @example orders
                 */
                list: "orders" | "pipeline";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "columns": [
                 *         "property",
                 *         "borrower",
                 *         "client",
                 *         "appraiser",
                 *         "due",
                 *         "time_in_status"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OrderListColumnsRequest"];
                /**
                 * @example {
                 *       "columns[]": [
                 *         "property",
                 *         "borrower",
                 *         "client",
                 *         "appraiser",
                 *         "due",
                 *         "time_in_status"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The columns shown, in their order (the file number and the status always are) */
                    "columns[]": ("property" | "borrower" | "loan_number" | "client" | "product" | "appraiser" | "ordered" | "due" | "inspection" | "fee" | "time_in_status" | "loan")[];
                };
            };
        };
        responses: {
            /** @description Your columns and views of the list, as they now are */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list": "orders",
                     *       "columns": [
                     *         "property",
                     *         "borrower",
                     *         "client",
                     *         "appraiser",
                     *         "due",
                     *         "time_in_status"
                     *       ],
                     *       "views": [
                     *         {
                     *           "id": "0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21",
                     *           "name": "Reports to review",
                     *           "search": {
                     *             "status": "in_review",
                     *             "sort": "due_date asc"
                     *           },
                     *           "columns": [
                     *             "property",
                     *             "borrower",
                     *             "client",
                     *             "appraiser",
                     *             "due",
                     *             "time_in_status"
                     *           ],
                     *           "created_at": "2026-11-26T15:04:05.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OrderListSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createOrderListView: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Which list: the order list or the staff pipeline
                 * @example orders
                 */
                list: "orders" | "pipeline";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Reports to review",
                 *       "search": {
                 *         "status": "in_review",
                 *         "sort": "due_date asc"
                 *       },
                 *       "columns": [
                 *         "property",
                 *         "borrower",
                 *         "client",
                 *         "appraiser",
                 *         "due",
                 *         "time_in_status"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateOrderListViewRequest"];
                /**
                 * @example {
                 *       "name": "Reports to review",
                 *       "search[status]": "in_review",
                 *       "search[sort]": "due_date asc",
                 *       "columns[]": [
                 *         "property",
                 *         "borrower",
                 *         "client",
                 *         "appraiser",
                 *         "due",
                 *         "time_in_status"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description A name of yours, unique among your views of the list
                     * @example Reports to review
                     */
                    name: string;
                    /**
                     * @description The words searched
                     * @example Congress
                     */
                    "search[q]"?: string;
                    /**
                     * @description A status's key (status.id)
                     * @example in_review
                     */
                    "search[status]"?: string;
                    /**
                     * @description Due on or after, YYYY-MM-DD
                     * @example 2026-12-01
                     */
                    "search[due_from]"?: string;
                    /**
                     * @description Due on or before, YYYY-MM-DD
                     * @example 2026-12-31
                     */
                    "search[due_to]"?: string;
                    /**
                     * @example due_date asc
                     * @enum {unknown}
                     */
                    "search[sort]"?: "created_at desc" | "created_at asc" | "due_date asc" | "due_date desc";
                    /**
                     * @description My orders only: placed by me (an appraiser: assigned to me)
                     * @example true
                     */
                    "search[mine]"?: boolean;
                    /**
                     * Format: uuid
                     * @description The client (staff)
                     * @example 9d2f6a1c-3b4e-4f5a-8c7d-1e2f3a4b5c6d
                     */
                    "search[client_id]"?: string;
                    /**
                     * @description The pipeline's queue
                     * @example in_review
                     */
                    "search[queue]"?: string;
                    /** @description The columns shown, in their order (the file number and the status always are) */
                    "columns[]": ("property" | "borrower" | "loan_number" | "client" | "product" | "appraiser" | "ordered" | "due" | "inspection" | "fee" | "time_in_status" | "loan")[];
                };
            };
        };
        responses: {
            /** @description The view saved */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21",
                     *       "name": "Reports to review",
                     *       "search": {
                     *         "status": "in_review",
                     *         "sort": "due_date asc"
                     *       },
                     *       "columns": [
                     *         "property",
                     *         "borrower",
                     *         "client",
                     *         "appraiser",
                     *         "due",
                     *         "time_in_status"
                     *       ],
                     *       "created_at": "2026-11-26T15:04:05.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OrderListView"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteOrderListView: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description Which list: the order list or the staff pipeline
                 * @example orders
                 */
                list: "orders" | "pipeline";
                /**
                 * @description The saved view
                 * @example 0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21
                 */
                view_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listMyWork: {
        parameters: {
            query?: {
                /** @description Only the orders that need this of you (e.g. answer_offer: the offers inbox); default every one */
                next_step?: "answer_offer" | "await_terms" | "schedule" | "inspect" | "submit" | "revise" | "on_hold" | "in_review" | "done" | "cancelled";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your open orders and offers, and those closed in the last 180 days; most urgent first (offers by time left, then by inspection time and due date) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                     *           "file_number": "AOM-00000042",
                     *           "full_address": "1100 Congress Ave, Unit 4, Austin, TX 78701",
                     *           "status": {
                     *             "id": "inspection_scheduled",
                     *             "name": "Inspection scheduled",
                     *             "category": "in_progress"
                     *           },
                     *           "next_step": "inspect",
                     *           "due_date": "12/12/2026",
                     *           "appraiser_fee": "300.00",
                     *           "fee_status": "on_completion",
                     *           "offer_expires_at": null,
                     *           "inspection_scheduled_at": "2026-12-01T15:00:00.000Z",
                     *           "products": [
                     *             {
                     *               "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *               "name": "Single Family Appraisal (1004)"
                     *             }
                     *           ],
                     *           "contact": {
                     *             "name": "Otto Occupant",
                     *             "phone": "512-555-0102"
                     *           },
                     *           "access_contact": {
                     *             "name": "Tina Tenant",
                     *             "phone": "512-555-0103",
                     *             "email": "tina@tenant.example",
                     *             "note": "Tenant; call after 5 pm"
                     *           },
                     *           "special_instructions": "<p>Call the occupant first; gate code <b>1234</b></p>"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WorkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getCalendarFeed: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "active": true,
                     *       "created_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarFeedStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    renewCalendarFeed: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new address, shown only now */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://appraisals.example.com/calendar/qVWa9vM_x5eMQqgOjHDiYo_mbZDGQ8x-n2BCCocgNLg.ics",
                     *       "created_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarFeed"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteCalendarFeed: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description One organization: yours, or a client your company serves */
                organization_id?: string;
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *         "name": "Lou Officer",
                     *         "first_name": "Lou",
                     *         "last_name": "Officer",
                     *         "email": "lou.officer@hillcountry.example",
                     *         "role": "client",
                     *         "is_admin": false,
                     *         "active": true,
                     *         "invitation_pending": false,
                     *         "organization": {
                     *           "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *           "name": "Hill Country Bank",
                     *           "kind": "client"
                     *         },
                     *         "invited_at": "2026-10-02T14:00:00.000Z",
                     *         "branch": {
                     *           "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *           "name": "Downtown Austin"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ManagedUser"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    inviteUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "nora.new@hillcountry.example",
                 *       "first_name": "Nora",
                 *       "last_name": "New",
                 *       "role": "client",
                 *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                 *       "is_admin": false
                 *     }
                 */
                "application/json": components["schemas"]["InviteUserRequest"];
                /**
                 * @example {
                 *       "email": "nora.new@hillcountry.example",
                 *       "first_name": "Nora",
                 *       "last_name": "New",
                 *       "role": "client",
                 *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                 *       "is_admin": false
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Their email: the invitation goes there
                     * @example nora.new@hillcountry.example
                     */
                    email: string;
                    /** @example Nora */
                    first_name: string;
                    /** @example New */
                    last_name: string;
                    /**
                     * @description staff (default) or appraiser in a company; client in a client
                     * @example client
                     * @enum {unknown}
                     */
                    role?: "staff" | "appraiser" | "client";
                    /**
                     * Format: uuid
                     * @description Where they join: your organization (default), or a client your company serves
                     * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                     */
                    organization_id?: string;
                    /**
                     * @default false
                     * @example false
                     */
                    is_admin?: boolean;
                };
            };
        };
        responses: {
            /** @description The invited user */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *       "name": "Lou Officer",
                     *       "first_name": "Lou",
                     *       "last_name": "Officer",
                     *       "email": "lou.officer@hillcountry.example",
                     *       "role": "client",
                     *       "is_admin": false,
                     *       "active": true,
                     *       "invitation_pending": false,
                     *       "organization": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank",
                     *         "kind": "client"
                     *       },
                     *       "invited_at": "2026-10-02T14:00:00.000Z",
                     *       "branch": {
                     *         "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *         "name": "Downtown Austin"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ManagedUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The user
                 * @example 57243582-c15e-4dd6-810b-6d7fe87ed14f
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "role": "staff",
                 *       "is_admin": true,
                 *       "active": true,
                 *       "branch_id": "4eec8551-7bb2-4ce8-9755-7581f15970c4"
                 *     }
                 */
                "application/json": components["schemas"]["UserChange"];
                /**
                 * @example {
                 *       "role": "staff",
                 *       "is_admin": true,
                 *       "active": true,
                 *       "branch_id": "4eec8551-7bb2-4ce8-9755-7581f15970c4"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description A company's users only: staff or appraiser
                     * @example staff
                     * @enum {unknown}
                     */
                    role?: "staff" | "appraiser";
                    /** @example true */
                    is_admin?: boolean;
                    /**
                     * @description false deactivates: every key of the user is revoked and every session ends; true lets them back in (with new keys)
                     * @example true
                     */
                    active?: boolean;
                    /** @description A client's users only: one of the client's branches (its configuration lists them); null: none */
                    branch_id?: string | null;
                };
            };
        };
        responses: {
            /** @description A user as their administrators see them */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *       "name": "Lou Officer",
                     *       "first_name": "Lou",
                     *       "last_name": "Officer",
                     *       "email": "lou.officer@hillcountry.example",
                     *       "role": "client",
                     *       "is_admin": false,
                     *       "active": true,
                     *       "invitation_pending": false,
                     *       "organization": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank",
                     *         "kind": "client"
                     *       },
                     *       "invited_at": "2026-10-02T14:00:00.000Z",
                     *       "branch": {
                     *         "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *         "name": "Downtown Austin"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ManagedUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your keys */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "91033fcc-9668-4b86-a536-3896c45b28cf",
                     *         "prefix": "aoms_Kq3vG_",
                     *         "label": "Loan origination system",
                     *         "created_at": "2026-11-01T09:30:00.000Z",
                     *         "revoked_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    issueApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "label": "Loan origination system"
                 *     }
                 */
                "application/json": components["schemas"]["IssueApiKeyRequest"];
                /**
                 * @example {
                 *       "label": "Loan origination system"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What the key is for
                     * @example Loan origination system
                     */
                    label?: string;
                };
            };
        };
        responses: {
            /** @description A new key, shown this once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "91033fcc-9668-4b86-a536-3896c45b28cf",
                     *       "prefix": "aoms_Kq3vG_",
                     *       "label": "Loan origination system",
                     *       "api_key": "aoms_Kq3vG_x9P2mLrT8wZ4nB6cD1eF3gH5jK7sV0yQa2uE4"
                     *     }
                     */
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The key
                 * @example 91033fcc-9668-4b86-a536-3896c45b28cf
                 */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
                /** @description id is the value */
                "q[id_eq]"?: string;
                /** @description id is not the value */
                "q[id_not_eq]"?: string;
                /** @description id is one of */
                "q[id_in][]"?: string[];
                /** @description id is none of */
                "q[id_not_in][]"?: string[];
                /** @description id is null (true) or not (false) */
                "q[id_null]"?: "true" | "false";
                /** @description id is present (true) or not (false) */
                "q[id_present]"?: "true" | "false";
                /** @description name is the value */
                "q[name_eq]"?: string;
                /** @description name is not the value */
                "q[name_not_eq]"?: string;
                /** @description name is one of */
                "q[name_in][]"?: string[];
                /** @description name is none of */
                "q[name_not_in][]"?: string[];
                /** @description name contains the value */
                "q[name_cont]"?: string;
                /** @description name starts with the value */
                "q[name_start]"?: string;
                /** @description name ends with the value */
                "q[name_end]"?: string;
                /** @description name is null (true) or not (false) */
                "q[name_null]"?: "true" | "false";
                /** @description name is present (true) or not (false) */
                "q[name_present]"?: "true" | "false";
                /** @description client_type_id is the value */
                "q[client_type_id_eq]"?: string;
                /** @description client_type_id is not the value */
                "q[client_type_id_not_eq]"?: string;
                /** @description client_type_id is one of */
                "q[client_type_id_in][]"?: string[];
                /** @description client_type_id is none of */
                "q[client_type_id_not_in][]"?: string[];
                /** @description client_type_id is null (true) or not (false) */
                "q[client_type_id_null]"?: "true" | "false";
                /** @description client_type_id is present (true) or not (false) */
                "q[client_type_id_present]"?: "true" | "false";
                /** @description created_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_eq]"?: string;
                /** @description created_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_not_eq]"?: string;
                /** @description created_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lt]"?: string;
                /** @description created_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lteq]"?: string;
                /** @description created_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gt]"?: string;
                /** @description created_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gteq]"?: string;
                /** @description created_at is null (true) or not (false) */
                "q[created_at_null]"?: "true" | "false";
                /** @description created_at is present (true) or not (false) */
                "q[created_at_present]"?: "true" | "false";
                /** @description Sort: "<attribute> asc|desc"; repeat as q[s][] to sort by several (at most 5) */
                "q[s]"?: "id asc" | "id desc" | "name asc" | "name desc" | "client_type_id asc" | "client_type_id desc" | "created_at asc" | "created_at desc";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Client"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createClient: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "organization": {
                 *         "name": "Hill Country Bank",
                 *         "client_type_id": "eefdea94-9083-4862-81c3-b5c8ce6d84fe",
                 *         "add_all_products": true,
                 *         "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                 *         "address_attributes": {
                 *           "address_one": "600 Congress Ave",
                 *           "address_two": "Floor 12",
                 *           "city": "Austin",
                 *           "state": "TX",
                 *           "zip": "78701"
                 *         },
                 *         "contacts_attributes": [
                 *           {
                 *             "name": "Casey Client",
                 *             "emails": [
                 *               "casey.client@hillcountry.example"
                 *             ],
                 *             "phones_attributes": [
                 *               {
                 *                 "phone_number": "512-555-0110",
                 *                 "phone_type": "work"
                 *               }
                 *             ]
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateClientRequest"];
                /**
                 * @example {
                 *       "organization[name]": "Hill Country Bank",
                 *       "organization[client_type_id]": "eefdea94-9083-4862-81c3-b5c8ce6d84fe",
                 *       "organization[add_all_products]": true,
                 *       "organization[company_id]": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                 *       "organization[address_attributes][address_one]": "600 Congress Ave",
                 *       "organization[address_attributes][address_two]": "Floor 12",
                 *       "organization[address_attributes][city]": "Austin",
                 *       "organization[address_attributes][state]": "TX",
                 *       "organization[address_attributes][zip]": "78701",
                 *       "organization[contacts_attributes][][name]": [
                 *         "Casey Client"
                 *       ],
                 *       "organization[contacts_attributes][][emails][]": [
                 *         "casey.client@hillcountry.example"
                 *       ],
                 *       "organization[contacts_attributes][][phones_attributes][][phone_number]": [
                 *         "512-555-0110"
                 *       ],
                 *       "organization[contacts_attributes][][phones_attributes][][phone_type]": [
                 *         "work"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example Hill Country Bank */
                    "organization[name]": string;
                    /**
                     * @description An id from GET /api/v1/client_types
                     * @example eefdea94-9083-4862-81c3-b5c8ce6d84fe
                     */
                    "organization[client_type_id]": string;
                    /**
                     * @description Attach all of the company's products to the new client
                     * @example true
                     */
                    "organization[add_all_products]": boolean;
                    /**
                     * @description Operators only: the company that serves the new client (staff: always their own)
                     * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                     */
                    "organization[company_id]"?: string;
                    /** @example 600 Congress Ave */
                    "organization[address_attributes][address_one]": string;
                    "organization[address_attributes][address_two]"?: string | null;
                    /** @example Austin */
                    "organization[address_attributes][city]": string;
                    /**
                     * @description USPS code (TX) or name (Texas)
                     * @example TX
                     */
                    "organization[address_attributes][state]": string;
                    /**
                     * @description 12345 or 12345-6789
                     * @example 78701
                     */
                    "organization[address_attributes][zip]": string;
                    "organization[contacts_attributes][][name]": string[];
                    "organization[contacts_attributes][][emails][]"?: string[];
                    "organization[contacts_attributes][][phones_attributes][][phone_number]"?: string[];
                    "organization[contacts_attributes][][phones_attributes][][phone_type]"?: string[];
                };
            };
        };
        responses: {
            /** @description The new client */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "client": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listClientTypes: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
                /** @description id is the value */
                "q[id_eq]"?: string;
                /** @description id is not the value */
                "q[id_not_eq]"?: string;
                /** @description id is one of */
                "q[id_in][]"?: string[];
                /** @description id is none of */
                "q[id_not_in][]"?: string[];
                /** @description id is null (true) or not (false) */
                "q[id_null]"?: "true" | "false";
                /** @description id is present (true) or not (false) */
                "q[id_present]"?: "true" | "false";
                /** @description name is the value */
                "q[name_eq]"?: string;
                /** @description name is not the value */
                "q[name_not_eq]"?: string;
                /** @description name is one of */
                "q[name_in][]"?: string[];
                /** @description name is none of */
                "q[name_not_in][]"?: string[];
                /** @description name contains the value */
                "q[name_cont]"?: string;
                /** @description name starts with the value */
                "q[name_start]"?: string;
                /** @description name ends with the value */
                "q[name_end]"?: string;
                /** @description name is null (true) or not (false) */
                "q[name_null]"?: "true" | "false";
                /** @description name is present (true) or not (false) */
                "q[name_present]"?: "true" | "false";
                /** @description Sort: "<attribute> asc|desc"; repeat as q[s][] to sort by several (at most 5) */
                "q[s]"?: "id asc" | "id desc" | "name asc" | "name desc";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of client types */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "eefdea94-9083-4862-81c3-b5c8ce6d84fe",
                     *         "name": "Bank"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ClientType"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getClientConfiguration: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What an order for this client may name */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "branches": [
                     *         {
                     *           "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *           "name": "Downtown Austin"
                     *         }
                     *       ],
                     *       "companies": [
                     *         {
                     *           "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *           "company_name": "Lone Star Appraisal Co",
                     *           "payment_methods": [
                     *             "invoice",
                     *             "payment_link",
                     *             "credit_card"
                     *           ],
                     *           "products": [
                     *             {
                     *               "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *               "name": "Single Family Appraisal (1004)",
                     *               "service_type": "residential_appraisals",
                     *               "follow_up": false
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "parties": [
                     *         {
                     *           "id": "57243582-c15e-4dd6-810b-6d7fe87ed14f",
                     *           "name": "Lou Officer"
                     *         }
                     *       ],
                     *       "property_types": [
                     *         {
                     *           "id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                     *           "name": "Single Family",
                     *           "slug": "single_family"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ClientConfiguration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getClientSettings: {
        parameters: {
            query?: {
                /** @description Operators: the serving company */
                company_id?: string;
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A company's settings for one of the clients it serves */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *       "client_review_required": false,
                     *       "payment_before_assignment": false,
                     *       "lender_requests_reviewed": true,
                     *       "messages_through_company": true,
                     *       "report_release_after_payment": false
                     *     }
                     */
                    "application/json": components["schemas"]["ClientSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeClientSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_review_required": true,
                 *       "payment_before_assignment": false,
                 *       "lender_requests_reviewed": true,
                 *       "messages_through_company": true,
                 *       "report_release_after_payment": false,
                 *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08"
                 *     }
                 */
                "application/json": components["schemas"]["ClientSettingsChange"];
                /**
                 * @example {
                 *       "client_review_required": true,
                 *       "payment_before_assignment": false,
                 *       "lender_requests_reviewed": true,
                 *       "messages_through_company": true,
                 *       "report_release_after_payment": false,
                 *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example true */
                    client_review_required?: boolean;
                    /** @example false */
                    payment_before_assignment?: boolean;
                    /** @example true */
                    lender_requests_reviewed?: boolean;
                    /** @example true */
                    messages_through_company?: boolean;
                    /** @example false */
                    report_release_after_payment?: boolean;
                    /**
                     * @description Operators: the company whose settings change, when several serve the client
                     * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                     */
                    company_id?: string;
                };
            };
        };
        responses: {
            /** @description A company's settings for one of the clients it serves */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *       "client_review_required": false,
                     *       "payment_before_assignment": false,
                     *       "lender_requests_reviewed": true,
                     *       "messages_through_company": true,
                     *       "report_release_after_payment": false
                     *     }
                     */
                    "application/json": components["schemas"]["ClientSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getClientAccess: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who of the client sees which of its orders: the client's own setting */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "order_visibility": "branch"
                     *     }
                     */
                    "application/json": components["schemas"]["ClientAccess"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeClientAccess: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "order_visibility": "branch"
                 *     }
                 */
                "application/json": components["schemas"]["ClientAccessChange"];
                /**
                 * @example {
                 *       "order_visibility": "branch"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @example branch
                     * @enum {unknown}
                     */
                    order_visibility: "all" | "branch" | "own";
                };
            };
        };
        responses: {
            /** @description Who of the client sees which of its orders: the client's own setting */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "order_visibility": "branch"
                     *     }
                     */
                    "application/json": components["schemas"]["ClientAccess"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getClientProducts: {
        parameters: {
            query?: {
                /** @description Operators: the serving company */
                company_id?: string;
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Which of a company's products a client may order, and at what fee */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *       "products": [
                     *         {
                     *           "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *           "name": "Single Family Appraisal (1004)",
                     *           "standard_fee": "425.00",
                     *           "offered": true,
                     *           "fee": "450.00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ClientProducts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeClientProducts: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The client
                 * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                 */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "products": [
                 *         {
                 *           "product_id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                 *           "fee": "450.00"
                 *         }
                 *       ],
                 *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08"
                 *     }
                 */
                "application/json": components["schemas"]["ClientProductsChange"];
                /**
                 * @example {
                 *       "products[][product_id]": [
                 *         "3eab2c91-7cf5-440b-8a56-9aea960e46d6"
                 *       ],
                 *       "products[][fee]": [
                 *         "450.00"
                 *       ],
                 *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    "products[][product_id]": string[];
                    "products[][fee]"?: (string | null)[];
                    /**
                     * @description Operators: the company whose products, when several serve the client
                     * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                     */
                    company_id?: string;
                };
            };
        };
        responses: {
            /** @description Which of a company's products a client may order, and at what fee */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *       "products": [
                     *         {
                     *           "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *           "name": "Single Family Appraisal (1004)",
                     *           "standard_fee": "425.00",
                     *           "offered": true,
                     *           "fee": "450.00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ClientProducts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listPropertyTypes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every property type */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                     *         "name": "Single Family",
                     *         "slug": "single_family"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PropertyType"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getCompanySettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The company
                 * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                 */
                company_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An appraisal company's own settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *       "submission_fee": "15.00",
                     *       "payment_methods": [
                     *         "invoice",
                     *         "payment_link",
                     *         "credit_card"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CompanySettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeCompanySettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The company
                 * @example fabd5fb6-5013-45a0-b68b-a881e4892d08
                 */
                company_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "submission_fee": "15.00",
                 *       "payment_methods": [
                 *         "invoice",
                 *         "credit_card"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CompanySettingsChange"];
                /**
                 * @example {
                 *       "submission_fee": "15.00",
                 *       "payment_methods[]": [
                 *         "invoice",
                 *         "credit_card"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    submission_fee?: string | null;
                    "payment_methods[]"?: ("payment_link" | "invoice" | "credit_card")[];
                };
            };
        };
        responses: {
            /** @description An appraisal company's own settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *       "submission_fee": "15.00",
                     *       "payment_methods": [
                     *         "invoice",
                     *         "payment_link",
                     *         "credit_card"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CompanySettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getInsight: {
        parameters: {
            query?: {
                /** @description Calendar months to cover, this one included (1 to 24; default 6) */
                months?: number;
                /** @description Operators: one company (default: every company) */
                company_id?: string;
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company's figures over a period */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "period": {
                     *         "from": "06/01/2026",
                     *         "to": "11/30/2026",
                     *         "months": 6
                     *       },
                     *       "totals": {
                     *         "received": {
                     *           "count": 61,
                     *           "orders": {
                     *             "created_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "created_at_lt": "2026-12-01T00:00:00.000Z"
                     *           }
                     *         },
                     *         "completed": {
                     *           "count": 48,
                     *           "orders": {
                     *             "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "fulfilled_at_lt": "2026-12-01T00:00:00.000Z"
                     *           }
                     *         }
                     *       },
                     *       "weeks": [
                     *         {
                     *           "week_start": "11/23/2026",
                     *           "received": {
                     *             "count": 3,
                     *             "orders": {
                     *               "created_at_gteq": "2026-11-23T00:00:00.000Z",
                     *               "created_at_lt": "2026-11-30T00:00:00.000Z"
                     *             }
                     *           },
                     *           "completed": {
                     *             "count": 2,
                     *             "orders": {
                     *               "completed_at_gteq": "2026-11-23T00:00:00.000Z",
                     *               "completed_at_lt": "2026-11-30T00:00:00.000Z"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "turn_time_by_month": [
                     *         {
                     *           "month_start": "11/01/2026",
                     *           "fulfilled": {
                     *             "count": 48,
                     *             "orders": {
                     *               "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *               "fulfilled_at_lt": "2026-12-01T00:00:00.000Z"
                     *             }
                     *           },
                     *           "median_days": 9,
                     *           "p90_days": 14
                     *         }
                     *       ],
                     *       "turn_time_by_product": [
                     *         {
                     *           "product": {
                     *             "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *             "name": "Single Family Appraisal (1004)"
                     *           },
                     *           "fulfilled": {
                     *             "count": 48,
                     *             "orders": {
                     *               "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *               "fulfilled_at_lt": "2026-12-01T00:00:00.000Z"
                     *             }
                     *           },
                     *           "median_days": 9,
                     *           "p90_days": 15
                     *         }
                     *       ],
                     *       "on_time": {
                     *         "fulfilled": {
                     *           "count": 48,
                     *           "orders": {
                     *             "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "fulfilled_at_lt": "2026-12-01T00:00:00.000Z"
                     *           }
                     *         },
                     *         "on_time": {
                     *           "count": 44,
                     *           "orders": {
                     *             "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "fulfilled_at_lt": "2026-12-01T00:00:00.000Z",
                     *             "on_time_eq": "true"
                     *           }
                     *         },
                     *         "late": {
                     *           "count": 4,
                     *           "orders": {
                     *             "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "fulfilled_at_lt": "2026-12-01T00:00:00.000Z",
                     *             "on_time_eq": "false"
                     *           }
                     *         },
                     *         "rate": 0.92
                     *       },
                     *       "revisions": {
                     *         "fulfilled": {
                     *           "count": 48,
                     *           "orders": {
                     *             "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "fulfilled_at_lt": "2026-12-01T00:00:00.000Z"
                     *           }
                     *         },
                     *         "revised": {
                     *           "count": 5,
                     *           "orders": {
                     *             "fulfilled_at_gteq": "2026-06-01T00:00:00.000Z",
                     *             "fulfilled_at_lt": "2026-12-01T00:00:00.000Z",
                     *             "revised_eq": "true"
                     *           }
                     *         },
                     *         "rate": 0.1
                     *       },
                     *       "open_by_appraiser": [
                     *         {
                     *           "appraiser": {
                     *             "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *             "name": "Avery Appraiser"
                     *           },
                     *           "open": {
                     *             "count": 6,
                     *             "orders": {
                     *               "appraiser_id_eq": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *               "open_eq": "true"
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Insight"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
                /** @description Start after the last order of the page that gave this cursor (its pagination.next_cursor), instead of at a page number: a deep page costs what the first does. Not with page; the same q[s] as that page; per_page and the q[…] filters may change. */
                after?: string;
                /** @description id is the value */
                "q[id_eq]"?: string;
                /** @description id is not the value */
                "q[id_not_eq]"?: string;
                /** @description id is one of */
                "q[id_in][]"?: string[];
                /** @description id is none of */
                "q[id_not_in][]"?: string[];
                /** @description id is null (true) or not (false) */
                "q[id_null]"?: "true" | "false";
                /** @description id is present (true) or not (false) */
                "q[id_present]"?: "true" | "false";
                /** @description status_name is the value */
                "q[status_name_eq]"?: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
                /** @description status_name is not the value */
                "q[status_name_not_eq]"?: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
                /** @description status_name is one of */
                "q[status_name_in][]"?: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /** @description status_name is none of */
                "q[status_name_not_in][]"?: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /** @description status_name is null (true) or not (false) */
                "q[status_name_null]"?: "true" | "false";
                /** @description status_name is present (true) or not (false) */
                "q[status_name_present]"?: "true" | "false";
                /** @description status_id is the value */
                "q[status_id_eq]"?: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
                /** @description status_id is not the value */
                "q[status_id_not_eq]"?: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
                /** @description status_id is one of */
                "q[status_id_in][]"?: ("draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled")[];
                /** @description status_id is none of */
                "q[status_id_not_in][]"?: ("draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled")[];
                /** @description status_id is null (true) or not (false) */
                "q[status_id_null]"?: "true" | "false";
                /** @description status_id is present (true) or not (false) */
                "q[status_id_present]"?: "true" | "false";
                /** @description file_number is the value */
                "q[file_number_eq]"?: string;
                /** @description file_number is not the value */
                "q[file_number_not_eq]"?: string;
                /** @description file_number is one of */
                "q[file_number_in][]"?: string[];
                /** @description file_number is none of */
                "q[file_number_not_in][]"?: string[];
                /** @description file_number contains the value */
                "q[file_number_cont]"?: string;
                /** @description file_number starts with the value */
                "q[file_number_start]"?: string;
                /** @description file_number ends with the value */
                "q[file_number_end]"?: string;
                /** @description file_number is null (true) or not (false) */
                "q[file_number_null]"?: "true" | "false";
                /** @description file_number is present (true) or not (false) */
                "q[file_number_present]"?: "true" | "false";
                /** @description loan_number is the value */
                "q[loan_number_eq]"?: string;
                /** @description loan_number is not the value */
                "q[loan_number_not_eq]"?: string;
                /** @description loan_number is one of */
                "q[loan_number_in][]"?: string[];
                /** @description loan_number is none of */
                "q[loan_number_not_in][]"?: string[];
                /** @description loan_number contains the value */
                "q[loan_number_cont]"?: string;
                /** @description loan_number starts with the value */
                "q[loan_number_start]"?: string;
                /** @description loan_number ends with the value */
                "q[loan_number_end]"?: string;
                /** @description loan_number is null (true) or not (false) */
                "q[loan_number_null]"?: "true" | "false";
                /** @description loan_number is present (true) or not (false) */
                "q[loan_number_present]"?: "true" | "false";
                /** @description loan_type is the value */
                "q[loan_type_eq]"?: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
                /** @description loan_type is not the value */
                "q[loan_type_not_eq]"?: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
                /** @description loan_type is one of */
                "q[loan_type_in][]"?: ("203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va")[];
                /** @description loan_type is none of */
                "q[loan_type_not_in][]"?: ("203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va")[];
                /** @description loan_type is null (true) or not (false) */
                "q[loan_type_null]"?: "true" | "false";
                /** @description loan_type is present (true) or not (false) */
                "q[loan_type_present]"?: "true" | "false";
                /** @description transaction_type is the value */
                "q[transaction_type_eq]"?: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
                /** @description transaction_type is not the value */
                "q[transaction_type_not_eq]"?: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
                /** @description transaction_type is one of */
                "q[transaction_type_in][]"?: ("collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance")[];
                /** @description transaction_type is none of */
                "q[transaction_type_not_in][]"?: ("collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance")[];
                /** @description transaction_type is null (true) or not (false) */
                "q[transaction_type_null]"?: "true" | "false";
                /** @description transaction_type is present (true) or not (false) */
                "q[transaction_type_present]"?: "true" | "false";
                /** @description borrower_first_name is the value */
                "q[borrower_first_name_eq]"?: string;
                /** @description borrower_first_name is not the value */
                "q[borrower_first_name_not_eq]"?: string;
                /** @description borrower_first_name is one of */
                "q[borrower_first_name_in][]"?: string[];
                /** @description borrower_first_name is none of */
                "q[borrower_first_name_not_in][]"?: string[];
                /** @description borrower_first_name contains the value */
                "q[borrower_first_name_cont]"?: string;
                /** @description borrower_first_name starts with the value */
                "q[borrower_first_name_start]"?: string;
                /** @description borrower_first_name ends with the value */
                "q[borrower_first_name_end]"?: string;
                /** @description borrower_first_name is null (true) or not (false) */
                "q[borrower_first_name_null]"?: "true" | "false";
                /** @description borrower_first_name is present (true) or not (false) */
                "q[borrower_first_name_present]"?: "true" | "false";
                /** @description borrower_last_name is the value */
                "q[borrower_last_name_eq]"?: string;
                /** @description borrower_last_name is not the value */
                "q[borrower_last_name_not_eq]"?: string;
                /** @description borrower_last_name is one of */
                "q[borrower_last_name_in][]"?: string[];
                /** @description borrower_last_name is none of */
                "q[borrower_last_name_not_in][]"?: string[];
                /** @description borrower_last_name contains the value */
                "q[borrower_last_name_cont]"?: string;
                /** @description borrower_last_name starts with the value */
                "q[borrower_last_name_start]"?: string;
                /** @description borrower_last_name ends with the value */
                "q[borrower_last_name_end]"?: string;
                /** @description borrower_last_name is null (true) or not (false) */
                "q[borrower_last_name_null]"?: "true" | "false";
                /** @description borrower_last_name is present (true) or not (false) */
                "q[borrower_last_name_present]"?: "true" | "false";
                /** @description borrower_name is the value */
                "q[borrower_name_eq]"?: string;
                /** @description borrower_name is not the value */
                "q[borrower_name_not_eq]"?: string;
                /** @description borrower_name is one of */
                "q[borrower_name_in][]"?: string[];
                /** @description borrower_name is none of */
                "q[borrower_name_not_in][]"?: string[];
                /** @description borrower_name contains the value */
                "q[borrower_name_cont]"?: string;
                /** @description borrower_name starts with the value */
                "q[borrower_name_start]"?: string;
                /** @description borrower_name ends with the value */
                "q[borrower_name_end]"?: string;
                /** @description borrower_name is null (true) or not (false) */
                "q[borrower_name_null]"?: "true" | "false";
                /** @description borrower_name is present (true) or not (false) */
                "q[borrower_name_present]"?: "true" | "false";
                /** @description keywords is the value */
                "q[keywords_eq]"?: string;
                /** @description keywords is not the value */
                "q[keywords_not_eq]"?: string;
                /** @description keywords is one of */
                "q[keywords_in][]"?: string[];
                /** @description keywords is none of */
                "q[keywords_not_in][]"?: string[];
                /** @description keywords contains the value */
                "q[keywords_cont]"?: string;
                /** @description keywords starts with the value */
                "q[keywords_start]"?: string;
                /** @description keywords ends with the value */
                "q[keywords_end]"?: string;
                /** @description keywords is null (true) or not (false) */
                "q[keywords_null]"?: "true" | "false";
                /** @description keywords is present (true) or not (false) */
                "q[keywords_present]"?: "true" | "false";
                /** @description address_city is the value */
                "q[address_city_eq]"?: string;
                /** @description address_city is not the value */
                "q[address_city_not_eq]"?: string;
                /** @description address_city is one of */
                "q[address_city_in][]"?: string[];
                /** @description address_city is none of */
                "q[address_city_not_in][]"?: string[];
                /** @description address_city contains the value */
                "q[address_city_cont]"?: string;
                /** @description address_city starts with the value */
                "q[address_city_start]"?: string;
                /** @description address_city ends with the value */
                "q[address_city_end]"?: string;
                /** @description address_city is null (true) or not (false) */
                "q[address_city_null]"?: "true" | "false";
                /** @description address_city is present (true) or not (false) */
                "q[address_city_present]"?: "true" | "false";
                /** @description address_state is the value */
                "q[address_state_eq]"?: "01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56";
                /** @description address_state is not the value */
                "q[address_state_not_eq]"?: "01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56";
                /** @description address_state is one of */
                "q[address_state_in][]"?: ("01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56")[];
                /** @description address_state is none of */
                "q[address_state_not_in][]"?: ("01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56")[];
                /** @description address_state is null (true) or not (false) */
                "q[address_state_null]"?: "true" | "false";
                /** @description address_state is present (true) or not (false) */
                "q[address_state_present]"?: "true" | "false";
                /** @description address_zip is the value */
                "q[address_zip_eq]"?: string;
                /** @description address_zip is not the value */
                "q[address_zip_not_eq]"?: string;
                /** @description address_zip is one of */
                "q[address_zip_in][]"?: string[];
                /** @description address_zip is none of */
                "q[address_zip_not_in][]"?: string[];
                /** @description address_zip contains the value */
                "q[address_zip_cont]"?: string;
                /** @description address_zip starts with the value */
                "q[address_zip_start]"?: string;
                /** @description address_zip ends with the value */
                "q[address_zip_end]"?: string;
                /** @description address_zip is null (true) or not (false) */
                "q[address_zip_null]"?: "true" | "false";
                /** @description address_zip is present (true) or not (false) */
                "q[address_zip_present]"?: "true" | "false";
                /** @description address_street is the value */
                "q[address_street_eq]"?: string;
                /** @description address_street is not the value */
                "q[address_street_not_eq]"?: string;
                /** @description address_street is one of */
                "q[address_street_in][]"?: string[];
                /** @description address_street is none of */
                "q[address_street_not_in][]"?: string[];
                /** @description address_street contains the value */
                "q[address_street_cont]"?: string;
                /** @description address_street starts with the value */
                "q[address_street_start]"?: string;
                /** @description address_street ends with the value */
                "q[address_street_end]"?: string;
                /** @description address_street is null (true) or not (false) */
                "q[address_street_null]"?: "true" | "false";
                /** @description address_street is present (true) or not (false) */
                "q[address_street_present]"?: "true" | "false";
                /** @description due_date is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_eq]"?: string;
                /** @description due_date is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_not_eq]"?: string;
                /** @description due_date is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_lt]"?: string;
                /** @description due_date is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_lteq]"?: string;
                /** @description due_date is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_gt]"?: string;
                /** @description due_date is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_gteq]"?: string;
                /** @description due_date is null (true) or not (false) */
                "q[due_date_null]"?: "true" | "false";
                /** @description due_date is present (true) or not (false) */
                "q[due_date_present]"?: "true" | "false";
                /** @description created_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_eq]"?: string;
                /** @description created_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_not_eq]"?: string;
                /** @description created_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lt]"?: string;
                /** @description created_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lteq]"?: string;
                /** @description created_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gt]"?: string;
                /** @description created_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gteq]"?: string;
                /** @description created_at is null (true) or not (false) */
                "q[created_at_null]"?: "true" | "false";
                /** @description created_at is present (true) or not (false) */
                "q[created_at_present]"?: "true" | "false";
                /** @description updated_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_eq]"?: string;
                /** @description updated_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_not_eq]"?: string;
                /** @description updated_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_lt]"?: string;
                /** @description updated_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_lteq]"?: string;
                /** @description updated_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_gt]"?: string;
                /** @description updated_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_gteq]"?: string;
                /** @description updated_at is null (true) or not (false) */
                "q[updated_at_null]"?: "true" | "false";
                /** @description updated_at is present (true) or not (false) */
                "q[updated_at_present]"?: "true" | "false";
                /** @description completed_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_eq]"?: string;
                /** @description completed_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_not_eq]"?: string;
                /** @description completed_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_lt]"?: string;
                /** @description completed_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_lteq]"?: string;
                /** @description completed_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_gt]"?: string;
                /** @description completed_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_gteq]"?: string;
                /** @description completed_at is null (true) or not (false) */
                "q[completed_at_null]"?: "true" | "false";
                /** @description completed_at is present (true) or not (false) */
                "q[completed_at_present]"?: "true" | "false";
                /** @description fulfilled_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_eq]"?: string;
                /** @description fulfilled_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_not_eq]"?: string;
                /** @description fulfilled_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_lt]"?: string;
                /** @description fulfilled_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_lteq]"?: string;
                /** @description fulfilled_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_gt]"?: string;
                /** @description fulfilled_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_gteq]"?: string;
                /** @description fulfilled_at is null (true) or not (false) */
                "q[fulfilled_at_null]"?: "true" | "false";
                /** @description fulfilled_at is present (true) or not (false) */
                "q[fulfilled_at_present]"?: "true" | "false";
                /** @description open is the value */
                "q[open_eq]"?: "true" | "false";
                /** @description open is not the value */
                "q[open_not_eq]"?: "true" | "false";
                /** @description open is null (true) or not (false) */
                "q[open_null]"?: "true" | "false";
                /** @description open is present (true) or not (false) */
                "q[open_present]"?: "true" | "false";
                /** @description on_time is the value */
                "q[on_time_eq]"?: "true" | "false";
                /** @description on_time is not the value */
                "q[on_time_not_eq]"?: "true" | "false";
                /** @description on_time is null (true) or not (false) */
                "q[on_time_null]"?: "true" | "false";
                /** @description on_time is present (true) or not (false) */
                "q[on_time_present]"?: "true" | "false";
                /** @description revised is the value */
                "q[revised_eq]"?: "true" | "false";
                /** @description revised is not the value */
                "q[revised_not_eq]"?: "true" | "false";
                /** @description revised is null (true) or not (false) */
                "q[revised_null]"?: "true" | "false";
                /** @description revised is present (true) or not (false) */
                "q[revised_present]"?: "true" | "false";
                /** @description product_id is the value */
                "q[product_id_eq]"?: string;
                /** @description product_id is not the value */
                "q[product_id_not_eq]"?: string;
                /** @description product_id is one of */
                "q[product_id_in][]"?: string[];
                /** @description product_id is none of */
                "q[product_id_not_in][]"?: string[];
                /** @description product_id is null (true) or not (false) */
                "q[product_id_null]"?: "true" | "false";
                /** @description product_id is present (true) or not (false) */
                "q[product_id_present]"?: "true" | "false";
                /** @description client_id is the value */
                "q[client_id_eq]"?: string;
                /** @description client_id is not the value */
                "q[client_id_not_eq]"?: string;
                /** @description client_id is one of */
                "q[client_id_in][]"?: string[];
                /** @description client_id is none of */
                "q[client_id_not_in][]"?: string[];
                /** @description client_id is null (true) or not (false) */
                "q[client_id_null]"?: "true" | "false";
                /** @description client_id is present (true) or not (false) */
                "q[client_id_present]"?: "true" | "false";
                /** @description company_id is the value */
                "q[company_id_eq]"?: string;
                /** @description company_id is not the value */
                "q[company_id_not_eq]"?: string;
                /** @description company_id is one of */
                "q[company_id_in][]"?: string[];
                /** @description company_id is none of */
                "q[company_id_not_in][]"?: string[];
                /** @description company_id is null (true) or not (false) */
                "q[company_id_null]"?: "true" | "false";
                /** @description company_id is present (true) or not (false) */
                "q[company_id_present]"?: "true" | "false";
                /** @description appraiser_id is the value */
                "q[appraiser_id_eq]"?: string;
                /** @description appraiser_id is not the value */
                "q[appraiser_id_not_eq]"?: string;
                /** @description appraiser_id is one of */
                "q[appraiser_id_in][]"?: string[];
                /** @description appraiser_id is none of */
                "q[appraiser_id_not_in][]"?: string[];
                /** @description appraiser_id is null (true) or not (false) */
                "q[appraiser_id_null]"?: "true" | "false";
                /** @description appraiser_id is present (true) or not (false) */
                "q[appraiser_id_present]"?: "true" | "false";
                /** @description created_by_id is the value */
                "q[created_by_id_eq]"?: string;
                /** @description created_by_id is not the value */
                "q[created_by_id_not_eq]"?: string;
                /** @description created_by_id is one of */
                "q[created_by_id_in][]"?: string[];
                /** @description created_by_id is none of */
                "q[created_by_id_not_in][]"?: string[];
                /** @description created_by_id is null (true) or not (false) */
                "q[created_by_id_null]"?: "true" | "false";
                /** @description created_by_id is present (true) or not (false) */
                "q[created_by_id_present]"?: "true" | "false";
                /** @description offer_expires_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_eq]"?: string;
                /** @description offer_expires_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_not_eq]"?: string;
                /** @description offer_expires_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_lt]"?: string;
                /** @description offer_expires_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_lteq]"?: string;
                /** @description offer_expires_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_gt]"?: string;
                /** @description offer_expires_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_gteq]"?: string;
                /** @description offer_expires_at is null (true) or not (false) */
                "q[offer_expires_at_null]"?: "true" | "false";
                /** @description offer_expires_at is present (true) or not (false) */
                "q[offer_expires_at_present]"?: "true" | "false";
                /** @description vendor_due_date is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_eq]"?: string;
                /** @description vendor_due_date is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_not_eq]"?: string;
                /** @description vendor_due_date is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_lt]"?: string;
                /** @description vendor_due_date is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_lteq]"?: string;
                /** @description vendor_due_date is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_gt]"?: string;
                /** @description vendor_due_date is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_gteq]"?: string;
                /** @description vendor_due_date is null (true) or not (false) */
                "q[vendor_due_date_null]"?: "true" | "false";
                /** @description vendor_due_date is present (true) or not (false) */
                "q[vendor_due_date_present]"?: "true" | "false";
                /** @description payment_method is the value */
                "q[payment_method_eq]"?: "payment_link" | "invoice" | "credit_card";
                /** @description payment_method is not the value */
                "q[payment_method_not_eq]"?: "payment_link" | "invoice" | "credit_card";
                /** @description payment_method is one of */
                "q[payment_method_in][]"?: ("payment_link" | "invoice" | "credit_card")[];
                /** @description payment_method is none of */
                "q[payment_method_not_in][]"?: ("payment_link" | "invoice" | "credit_card")[];
                /** @description payment_method is null (true) or not (false) */
                "q[payment_method_null]"?: "true" | "false";
                /** @description payment_method is present (true) or not (false) */
                "q[payment_method_present]"?: "true" | "false";
                /** @description Sort: "<attribute> asc|desc"; repeat as q[s][] to sort by several (at most 5) */
                "q[s]"?: "id asc" | "id desc" | "status_name asc" | "status_name desc" | "status_id asc" | "status_id desc" | "file_number asc" | "file_number desc" | "loan_number asc" | "loan_number desc" | "loan_type asc" | "loan_type desc" | "transaction_type asc" | "transaction_type desc" | "borrower_first_name asc" | "borrower_first_name desc" | "borrower_last_name asc" | "borrower_last_name desc" | "borrower_name asc" | "borrower_name desc" | "keywords asc" | "keywords desc" | "address_city asc" | "address_city desc" | "address_state asc" | "address_state desc" | "address_zip asc" | "address_zip desc" | "address_street asc" | "address_street desc" | "due_date asc" | "due_date desc" | "created_at asc" | "created_at desc" | "updated_at asc" | "updated_at desc" | "completed_at asc" | "completed_at desc" | "fulfilled_at asc" | "fulfilled_at desc" | "open asc" | "open desc" | "on_time asc" | "on_time desc" | "revised asc" | "revised desc" | "product_id asc" | "product_id desc" | "client_id asc" | "client_id desc" | "company_id asc" | "company_id desc" | "appraiser_id asc" | "appraiser_id desc" | "created_by_id asc" | "created_by_id desc" | "offer_expires_at asc" | "offer_expires_at desc" | "vendor_due_date asc" | "vendor_due_date desc" | "payment_method asc" | "payment_method desc";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                     *           "file_number": "AOM-00000042",
                     *           "full_address": "1100 Congress Ave, Unit 4, Austin, TX 78701",
                     *           "status": {
                     *             "id": "client_request",
                     *             "name": "Client request",
                     *             "category": "needs_attention"
                     *           },
                     *           "due_date": "12/15/2026",
                     *           "loan_type": "conventional",
                     *           "transaction_type": "purchase",
                     *           "appraiser": {
                     *             "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *             "name": "Avery Appraiser"
                     *           },
                     *           "offer_expires_at": null,
                     *           "borrower_name": "Bea Borrower",
                     *           "loan_number": "HC-2026-0042",
                     *           "client": {
                     *             "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *             "name": "Hill Country Bank"
                     *           },
                     *           "products": [
                     *             {
                     *               "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *               "name": "Single Family Appraisal (1004)"
                     *             }
                     *           ],
                     *           "created_at": "11/26/2026",
                     *           "inspection_scheduled_at": "2026-12-01T15:00:00.000Z",
                     *           "inspection_completed_at": "12/01/2026",
                     *           "total_fee": "450.00",
                     *           "appraiser_fee": "300.00",
                     *           "status_changed_at": "2026-12-01T16:10:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "current_page": 1,
                     *         "total_pages": 3,
                     *         "total_count": 61,
                     *         "total_count_is_estimate": false,
                     *         "per_page": 25,
                     *         "has_next_page": true,
                     *         "has_prev_page": false,
                     *         "next_cursor": "eyJrIjpbIjIwMjYtMTItMTUiLCI2ZjFjMmQzZSJdfQ.Zm9vYmFy"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": {
                 *         "street_1": "1100 Congress Ave",
                 *         "street_2": "Unit 4",
                 *         "city": "Austin",
                 *         "state": "TX",
                 *         "zip": "78701",
                 *         "county": "Travis"
                 *       },
                 *       "borrower": {
                 *         "first_name": "Bea",
                 *         "last_name": "Borrower",
                 *         "email": "bea@borrower.example",
                 *         "phone": "512-555-0101",
                 *         "co_first_name": "Cody",
                 *         "co_last_name": "Borrower"
                 *       },
                 *       "point_of_contact": {
                 *         "name": "Otto Occupant",
                 *         "phone": "512-555-0102",
                 *         "emails": [
                 *           "otto@occupant.example"
                 *         ]
                 *       },
                 *       "access_contact": {
                 *         "name": "Tina Tenant",
                 *         "phone": "(512) 555-0103",
                 *         "email": "tina@tenant.example",
                 *         "note": "Tenant; call after 5 pm"
                 *       },
                 *       "due_date": "2026-12-15T17:00",
                 *       "green_certified": false,
                 *       "loan_type": "conventional",
                 *       "fha_case_number": null,
                 *       "transaction_type": "purchase",
                 *       "loan_amount": "350000.00",
                 *       "contract_price": 420000,
                 *       "special_instructions": "<p>Call the occupant first; gate code <b>1234</b></p>",
                 *       "payment_method": "invoice",
                 *       "complex_property": false,
                 *       "product_ids": [
                 *         "3eab2c91-7cf5-440b-8a56-9aea960e46d6"
                 *       ],
                 *       "client_user_ids": [
                 *         "57243582-c15e-4dd6-810b-6d7fe87ed14f"
                 *       ],
                 *       "occupancy_type": "primary_residence",
                 *       "estate_held_type": "fee_simple",
                 *       "loan_number": "HC-2026-0042",
                 *       "closing_date": "01/15/2027",
                 *       "property_type_id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                 *       "branch_id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                 *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                 *       "requested_by": {
                 *         "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                 *         "lender_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9"
                 *       },
                 *       "draft": false
                 *     }
                 */
                "application/json": components["schemas"]["CreateOrderRequest"];
                /**
                 * @example {
                 *       "address[street_1]": "1100 Congress Ave",
                 *       "address[street_2]": "Unit 4",
                 *       "address[city]": "Austin",
                 *       "address[state]": "TX",
                 *       "address[zip]": "78701",
                 *       "address[county]": "Travis",
                 *       "borrower[first_name]": "Bea",
                 *       "borrower[last_name]": "Borrower",
                 *       "borrower[email]": "bea@borrower.example",
                 *       "borrower[phone]": "512-555-0101",
                 *       "borrower[co_first_name]": "Cody",
                 *       "borrower[co_last_name]": "Borrower",
                 *       "point_of_contact[name]": "Otto Occupant",
                 *       "point_of_contact[phone]": "512-555-0102",
                 *       "point_of_contact[emails][]": [
                 *         "otto@occupant.example"
                 *       ],
                 *       "access_contact[name]": "Tina Tenant",
                 *       "access_contact[phone]": "(512) 555-0103",
                 *       "access_contact[email]": "tina@tenant.example",
                 *       "access_contact[note]": "Tenant; call after 5 pm",
                 *       "due_date": "2026-12-15T17:00",
                 *       "green_certified": false,
                 *       "loan_type": "conventional",
                 *       "transaction_type": "purchase",
                 *       "loan_amount": "350000.00",
                 *       "contract_price": 420000,
                 *       "special_instructions": "<p>Call the occupant first; gate code <b>1234</b></p>",
                 *       "payment_method": "invoice",
                 *       "complex_property": false,
                 *       "product_ids[]": [
                 *         "3eab2c91-7cf5-440b-8a56-9aea960e46d6"
                 *       ],
                 *       "client_user_ids[]": [
                 *         "57243582-c15e-4dd6-810b-6d7fe87ed14f"
                 *       ],
                 *       "occupancy_type": "primary_residence",
                 *       "estate_held_type": "fee_simple",
                 *       "loan_number": "HC-2026-0042",
                 *       "closing_date": "01/15/2027",
                 *       "property_type_id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                 *       "branch_id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                 *       "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                 *       "requested_by[client_id]": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                 *       "requested_by[lender_id]": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                 *       "draft": false
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example 1100 Congress Ave */
                    "address[street_1]": string;
                    "address[street_2]"?: string | null;
                    /** @example Austin */
                    "address[city]": string;
                    /**
                     * @description USPS code (TX) or name (Texas)
                     * @example TX
                     */
                    "address[state]": string;
                    /**
                     * @description 12345 or 12345-6789
                     * @example 78701
                     */
                    "address[zip]": string;
                    "address[county]"?: string | null;
                    /** @example Bea */
                    "borrower[first_name]": string;
                    /** @example Borrower */
                    "borrower[last_name]": string;
                    "borrower[email]"?: string | null;
                    "borrower[phone]"?: string | null;
                    "borrower[co_first_name]"?: string | null;
                    "borrower[co_last_name]"?: string | null;
                    /** @example Otto Occupant */
                    "point_of_contact[name]"?: string;
                    "point_of_contact[phone]"?: string | null;
                    "point_of_contact[emails][]"?: string[];
                    /** @example Tina Tenant */
                    "access_contact[name]"?: string;
                    /**
                     * @description A 10-digit US or Canadian (NANP) number: 512-555-0102, (512) 555-0102, +1 512 555 0102
                     * @example (512) 555-0103
                     */
                    "access_contact[phone]"?: string;
                    "access_contact[email]"?: string | null;
                    "access_contact[note]"?: string | null;
                    /**
                     * @description The interface's YYYY-MM-DDTHH:MM in the deployment time zone, or any date input: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone. Today (in the deployment time zone) or later
                     * @example 2026-12-15T17:00
                     */
                    due_date: string;
                    /** @description The text true or false */
                    green_certified: boolean | ("true" | "false");
                    /**
                     * @example conventional
                     * @enum {unknown}
                     */
                    loan_type: "conventional" | "fha" | "usda" | "reo" | "asset_valuation" | "other";
                    fha_case_number?: string | null;
                    /**
                     * @example purchase
                     * @enum {unknown}
                     */
                    transaction_type: "refinance" | "purchase" | "home_equity" | "construction" | "other";
                    loan_amount?: string | null;
                    /** @example 420000 */
                    contract_price?: number | null;
                    special_instructions?: string | null;
                    /**
                     * @example invoice
                     * @enum {unknown}
                     */
                    payment_method: "payment_link" | "invoice" | "credit_card";
                    complex_property?: boolean | null;
                    /** @description From the client configuration */
                    "product_ids[]": string[];
                    /** @description Client users from the configuration (its parties); they join the order as parties. Default: the calling client user */
                    "client_user_ids[]"?: string[];
                    occupancy_type?: ("primary_residence" | "second_home" | "investment") | null;
                    estate_held_type?: ("fee_simple" | "lease_hold" | "leasehold") | null;
                    loan_number?: string | null;
                    closing_date?: string | null;
                    property_type_id?: string | null;
                    branch_id?: string | null;
                    company_id?: string | null;
                    "requested_by[client_id]"?: string | null;
                    "requested_by[lender_id]"?: string | null;
                    /**
                     * @description Create as a Draft, placed later with the place action
                     * @example false
                     */
                    draft?: boolean;
                };
            };
        };
        responses: {
            /** @description The new order */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                     *       "file_number": "AOM-00000042",
                     *       "status": {
                     *         "id": "client_request",
                     *         "name": "Client request",
                     *         "category": "needs_attention"
                     *       },
                     *       "allowed_transitions": [
                     *         "forward_request",
                     *         "answer_request",
                     *         "hold",
                     *         "flag_attention"
                     *       ],
                     *       "address": {
                     *         "address_one": "1100 Congress Ave",
                     *         "address_two": "Unit 4",
                     *         "city": "Austin",
                     *         "county_id": "48453",
                     *         "county": "Travis County",
                     *         "state_id": "48",
                     *         "state": "TX",
                     *         "zip": "78701",
                     *         "latitude": 30.2747,
                     *         "longitude": -97.7404
                     *       },
                     *       "full_address": "1100 Congress Ave, Unit 4, Austin, TX 78701",
                     *       "borrower": {
                     *         "id": "d03ae033-c01f-436a-94ac-3b0be381fc29",
                     *         "email": "bea@borrower.example",
                     *         "first_name": "Bea",
                     *         "last_name": "Borrower",
                     *         "phone": "512-555-0101",
                     *         "co_first_name": "Cody",
                     *         "co_last_name": "Borrower"
                     *       },
                     *       "co_borrowers": [
                     *         {
                     *           "id": "5c87103e-aac9-4c5b-a665-6aafe5a30f54",
                     *           "first_name": "Cody",
                     *           "last_name": "Borrower",
                     *           "email": null,
                     *           "phone": null
                     *         }
                     *       ],
                     *       "client": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       },
                     *       "lender": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       },
                     *       "company": {
                     *         "id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *         "name": "Lone Star Appraisal Co"
                     *       },
                     *       "branch": {
                     *         "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *         "name": "Downtown Austin"
                     *       },
                     *       "client_emails": [
                     *         "casey.client@hillcountry.example",
                     *         "lou.officer@hillcountry.example"
                     *       ],
                     *       "appraiser": {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser"
                     *       },
                     *       "offer_expires_at": null,
                     *       "complex_property": false,
                     *       "contract_price": 420000,
                     *       "decimal_balance": "450.00",
                     *       "total_fee": "450.00",
                     *       "appraiser_fee": "300.00",
                     *       "margin": "150.00",
                     *       "assignment_condition": null,
                     *       "negotiation": null,
                     *       "client_request": {
                     *         "note_id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *         "returns_to": "Completed"
                     *       },
                     *       "message_audiences": {
                     *         "choices": [
                     *           "internal",
                     *           "appraiser",
                     *           "client",
                     *           "everyone"
                     *         ],
                     *         "default": "everyone"
                     *       },
                     *       "report": {
                     *         "latest_submission": 1,
                     *         "released_submission": 1,
                     *         "release_after_payment": false
                     *       },
                     *       "loan_amount": "350000.00",
                     *       "loan_number": "HC-2026-0042",
                     *       "loan_type": "conventional",
                     *       "transaction_type": "purchase",
                     *       "occupancy_type": "primary_residence",
                     *       "estate_held_type": "fee_simple",
                     *       "fha_case_number": null,
                     *       "green_certified": false,
                     *       "invoice_strategy": "invoice_client",
                     *       "payment_method": "invoice",
                     *       "special_instructions": "<p>Call the occupant first; gate code <b>1234</b></p>",
                     *       "access_contact": {
                     *         "name": "Tina Tenant",
                     *         "phone": "512-555-0103",
                     *         "email": "tina@tenant.example",
                     *         "note": "Tenant; call after 5 pm"
                     *       },
                     *       "parties": [
                     *         {
                     *           "id": "d03ae033-c01f-436a-94ac-3b0be381fc29",
                     *           "email": "bea@borrower.example",
                     *           "emails": [
                     *             "bea@borrower.example"
                     *           ],
                     *           "name": "Bea Borrower",
                     *           "phone": "512-555-0101",
                     *           "phones": [
                     *             "512-555-0101"
                     *           ],
                     *           "poc": false,
                     *           "role": "borrower",
                     *           "role_key": "borrower"
                     *         },
                     *         {
                     *           "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *           "email": "otto@occupant.example",
                     *           "emails": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "name": "Otto Occupant",
                     *           "phone": "512-555-0102",
                     *           "phones": [
                     *             "512-555-0102"
                     *           ],
                     *           "poc": true,
                     *           "role": "Occupant",
                     *           "role_key": "occupant"
                     *         }
                     *       ],
                     *       "point_of_contact": {
                     *         "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *         "emails": [
                     *           "otto@occupant.example"
                     *         ],
                     *         "email": [
                     *           "otto@occupant.example"
                     *         ],
                     *         "first_name": "Otto",
                     *         "last_name": "Occupant",
                     *         "name": "Otto Occupant",
                     *         "phone": "512-555-0102"
                     *       },
                     *       "points_of_contact": [
                     *         {
                     *           "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *           "emails": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "email": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "first_name": "Otto",
                     *           "last_name": "Occupant",
                     *           "name": "Otto Occupant",
                     *           "phone": "512-555-0102"
                     *         }
                     *       ],
                     *       "products": [
                     *         {
                     *           "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *           "name": "Single Family Appraisal (1004)"
                     *         }
                     *       ],
                     *       "property_type": {
                     *         "id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                     *         "name": "Single Family",
                     *         "slug": "single_family"
                     *       },
                     *       "due_date": "12/15/2026",
                     *       "original_due_date": "12/15/2026",
                     *       "vendor_due_date": "12/12/2026",
                     *       "closing_date": "01/15/2027",
                     *       "created_at": "11/26/2026",
                     *       "updated_at": "12/07/2026",
                     *       "assigned_at": "11/26/2026",
                     *       "inspection_scheduled_at": "2026-12-01T15:00:00.000Z",
                     *       "inspection_completed_at": "12/01/2026",
                     *       "inspection_completed_at_iso": "2026-12-01T16:10:00.000Z",
                     *       "submitted_at": "12/03/2026",
                     *       "completed_at": "12/04/2026",
                     *       "fulfilled_at": null,
                     *       "version": "2026-12-07T16:31:08.412Z",
                     *       "correctable_fields": [
                     *         "borrower",
                     *         "loan_number",
                     *         "loan_amount",
                     *         "due_date",
                     *         "special_instructions",
                     *         "access_contact",
                     *         "address"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    countOrdersByStatus: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
                /** @description id is the value */
                "q[id_eq]"?: string;
                /** @description id is not the value */
                "q[id_not_eq]"?: string;
                /** @description id is one of */
                "q[id_in][]"?: string[];
                /** @description id is none of */
                "q[id_not_in][]"?: string[];
                /** @description id is null (true) or not (false) */
                "q[id_null]"?: "true" | "false";
                /** @description id is present (true) or not (false) */
                "q[id_present]"?: "true" | "false";
                /** @description status_name is the value */
                "q[status_name_eq]"?: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
                /** @description status_name is not the value */
                "q[status_name_not_eq]"?: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
                /** @description status_name is one of */
                "q[status_name_in][]"?: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /** @description status_name is none of */
                "q[status_name_not_in][]"?: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /** @description status_name is null (true) or not (false) */
                "q[status_name_null]"?: "true" | "false";
                /** @description status_name is present (true) or not (false) */
                "q[status_name_present]"?: "true" | "false";
                /** @description status_id is the value */
                "q[status_id_eq]"?: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
                /** @description status_id is not the value */
                "q[status_id_not_eq]"?: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
                /** @description status_id is one of */
                "q[status_id_in][]"?: ("draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled")[];
                /** @description status_id is none of */
                "q[status_id_not_in][]"?: ("draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled")[];
                /** @description status_id is null (true) or not (false) */
                "q[status_id_null]"?: "true" | "false";
                /** @description status_id is present (true) or not (false) */
                "q[status_id_present]"?: "true" | "false";
                /** @description file_number is the value */
                "q[file_number_eq]"?: string;
                /** @description file_number is not the value */
                "q[file_number_not_eq]"?: string;
                /** @description file_number is one of */
                "q[file_number_in][]"?: string[];
                /** @description file_number is none of */
                "q[file_number_not_in][]"?: string[];
                /** @description file_number contains the value */
                "q[file_number_cont]"?: string;
                /** @description file_number starts with the value */
                "q[file_number_start]"?: string;
                /** @description file_number ends with the value */
                "q[file_number_end]"?: string;
                /** @description file_number is null (true) or not (false) */
                "q[file_number_null]"?: "true" | "false";
                /** @description file_number is present (true) or not (false) */
                "q[file_number_present]"?: "true" | "false";
                /** @description loan_number is the value */
                "q[loan_number_eq]"?: string;
                /** @description loan_number is not the value */
                "q[loan_number_not_eq]"?: string;
                /** @description loan_number is one of */
                "q[loan_number_in][]"?: string[];
                /** @description loan_number is none of */
                "q[loan_number_not_in][]"?: string[];
                /** @description loan_number contains the value */
                "q[loan_number_cont]"?: string;
                /** @description loan_number starts with the value */
                "q[loan_number_start]"?: string;
                /** @description loan_number ends with the value */
                "q[loan_number_end]"?: string;
                /** @description loan_number is null (true) or not (false) */
                "q[loan_number_null]"?: "true" | "false";
                /** @description loan_number is present (true) or not (false) */
                "q[loan_number_present]"?: "true" | "false";
                /** @description loan_type is the value */
                "q[loan_type_eq]"?: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
                /** @description loan_type is not the value */
                "q[loan_type_not_eq]"?: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
                /** @description loan_type is one of */
                "q[loan_type_in][]"?: ("203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va")[];
                /** @description loan_type is none of */
                "q[loan_type_not_in][]"?: ("203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va")[];
                /** @description loan_type is null (true) or not (false) */
                "q[loan_type_null]"?: "true" | "false";
                /** @description loan_type is present (true) or not (false) */
                "q[loan_type_present]"?: "true" | "false";
                /** @description transaction_type is the value */
                "q[transaction_type_eq]"?: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
                /** @description transaction_type is not the value */
                "q[transaction_type_not_eq]"?: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
                /** @description transaction_type is one of */
                "q[transaction_type_in][]"?: ("collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance")[];
                /** @description transaction_type is none of */
                "q[transaction_type_not_in][]"?: ("collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance")[];
                /** @description transaction_type is null (true) or not (false) */
                "q[transaction_type_null]"?: "true" | "false";
                /** @description transaction_type is present (true) or not (false) */
                "q[transaction_type_present]"?: "true" | "false";
                /** @description borrower_first_name is the value */
                "q[borrower_first_name_eq]"?: string;
                /** @description borrower_first_name is not the value */
                "q[borrower_first_name_not_eq]"?: string;
                /** @description borrower_first_name is one of */
                "q[borrower_first_name_in][]"?: string[];
                /** @description borrower_first_name is none of */
                "q[borrower_first_name_not_in][]"?: string[];
                /** @description borrower_first_name contains the value */
                "q[borrower_first_name_cont]"?: string;
                /** @description borrower_first_name starts with the value */
                "q[borrower_first_name_start]"?: string;
                /** @description borrower_first_name ends with the value */
                "q[borrower_first_name_end]"?: string;
                /** @description borrower_first_name is null (true) or not (false) */
                "q[borrower_first_name_null]"?: "true" | "false";
                /** @description borrower_first_name is present (true) or not (false) */
                "q[borrower_first_name_present]"?: "true" | "false";
                /** @description borrower_last_name is the value */
                "q[borrower_last_name_eq]"?: string;
                /** @description borrower_last_name is not the value */
                "q[borrower_last_name_not_eq]"?: string;
                /** @description borrower_last_name is one of */
                "q[borrower_last_name_in][]"?: string[];
                /** @description borrower_last_name is none of */
                "q[borrower_last_name_not_in][]"?: string[];
                /** @description borrower_last_name contains the value */
                "q[borrower_last_name_cont]"?: string;
                /** @description borrower_last_name starts with the value */
                "q[borrower_last_name_start]"?: string;
                /** @description borrower_last_name ends with the value */
                "q[borrower_last_name_end]"?: string;
                /** @description borrower_last_name is null (true) or not (false) */
                "q[borrower_last_name_null]"?: "true" | "false";
                /** @description borrower_last_name is present (true) or not (false) */
                "q[borrower_last_name_present]"?: "true" | "false";
                /** @description borrower_name is the value */
                "q[borrower_name_eq]"?: string;
                /** @description borrower_name is not the value */
                "q[borrower_name_not_eq]"?: string;
                /** @description borrower_name is one of */
                "q[borrower_name_in][]"?: string[];
                /** @description borrower_name is none of */
                "q[borrower_name_not_in][]"?: string[];
                /** @description borrower_name contains the value */
                "q[borrower_name_cont]"?: string;
                /** @description borrower_name starts with the value */
                "q[borrower_name_start]"?: string;
                /** @description borrower_name ends with the value */
                "q[borrower_name_end]"?: string;
                /** @description borrower_name is null (true) or not (false) */
                "q[borrower_name_null]"?: "true" | "false";
                /** @description borrower_name is present (true) or not (false) */
                "q[borrower_name_present]"?: "true" | "false";
                /** @description keywords is the value */
                "q[keywords_eq]"?: string;
                /** @description keywords is not the value */
                "q[keywords_not_eq]"?: string;
                /** @description keywords is one of */
                "q[keywords_in][]"?: string[];
                /** @description keywords is none of */
                "q[keywords_not_in][]"?: string[];
                /** @description keywords contains the value */
                "q[keywords_cont]"?: string;
                /** @description keywords starts with the value */
                "q[keywords_start]"?: string;
                /** @description keywords ends with the value */
                "q[keywords_end]"?: string;
                /** @description keywords is null (true) or not (false) */
                "q[keywords_null]"?: "true" | "false";
                /** @description keywords is present (true) or not (false) */
                "q[keywords_present]"?: "true" | "false";
                /** @description address_city is the value */
                "q[address_city_eq]"?: string;
                /** @description address_city is not the value */
                "q[address_city_not_eq]"?: string;
                /** @description address_city is one of */
                "q[address_city_in][]"?: string[];
                /** @description address_city is none of */
                "q[address_city_not_in][]"?: string[];
                /** @description address_city contains the value */
                "q[address_city_cont]"?: string;
                /** @description address_city starts with the value */
                "q[address_city_start]"?: string;
                /** @description address_city ends with the value */
                "q[address_city_end]"?: string;
                /** @description address_city is null (true) or not (false) */
                "q[address_city_null]"?: "true" | "false";
                /** @description address_city is present (true) or not (false) */
                "q[address_city_present]"?: "true" | "false";
                /** @description address_state is the value */
                "q[address_state_eq]"?: "01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56";
                /** @description address_state is not the value */
                "q[address_state_not_eq]"?: "01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56";
                /** @description address_state is one of */
                "q[address_state_in][]"?: ("01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56")[];
                /** @description address_state is none of */
                "q[address_state_not_in][]"?: ("01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56")[];
                /** @description address_state is null (true) or not (false) */
                "q[address_state_null]"?: "true" | "false";
                /** @description address_state is present (true) or not (false) */
                "q[address_state_present]"?: "true" | "false";
                /** @description address_zip is the value */
                "q[address_zip_eq]"?: string;
                /** @description address_zip is not the value */
                "q[address_zip_not_eq]"?: string;
                /** @description address_zip is one of */
                "q[address_zip_in][]"?: string[];
                /** @description address_zip is none of */
                "q[address_zip_not_in][]"?: string[];
                /** @description address_zip contains the value */
                "q[address_zip_cont]"?: string;
                /** @description address_zip starts with the value */
                "q[address_zip_start]"?: string;
                /** @description address_zip ends with the value */
                "q[address_zip_end]"?: string;
                /** @description address_zip is null (true) or not (false) */
                "q[address_zip_null]"?: "true" | "false";
                /** @description address_zip is present (true) or not (false) */
                "q[address_zip_present]"?: "true" | "false";
                /** @description address_street is the value */
                "q[address_street_eq]"?: string;
                /** @description address_street is not the value */
                "q[address_street_not_eq]"?: string;
                /** @description address_street is one of */
                "q[address_street_in][]"?: string[];
                /** @description address_street is none of */
                "q[address_street_not_in][]"?: string[];
                /** @description address_street contains the value */
                "q[address_street_cont]"?: string;
                /** @description address_street starts with the value */
                "q[address_street_start]"?: string;
                /** @description address_street ends with the value */
                "q[address_street_end]"?: string;
                /** @description address_street is null (true) or not (false) */
                "q[address_street_null]"?: "true" | "false";
                /** @description address_street is present (true) or not (false) */
                "q[address_street_present]"?: "true" | "false";
                /** @description due_date is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_eq]"?: string;
                /** @description due_date is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_not_eq]"?: string;
                /** @description due_date is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_lt]"?: string;
                /** @description due_date is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_lteq]"?: string;
                /** @description due_date is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_gt]"?: string;
                /** @description due_date is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_gteq]"?: string;
                /** @description due_date is null (true) or not (false) */
                "q[due_date_null]"?: "true" | "false";
                /** @description due_date is present (true) or not (false) */
                "q[due_date_present]"?: "true" | "false";
                /** @description created_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_eq]"?: string;
                /** @description created_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_not_eq]"?: string;
                /** @description created_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lt]"?: string;
                /** @description created_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lteq]"?: string;
                /** @description created_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gt]"?: string;
                /** @description created_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gteq]"?: string;
                /** @description created_at is null (true) or not (false) */
                "q[created_at_null]"?: "true" | "false";
                /** @description created_at is present (true) or not (false) */
                "q[created_at_present]"?: "true" | "false";
                /** @description updated_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_eq]"?: string;
                /** @description updated_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_not_eq]"?: string;
                /** @description updated_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_lt]"?: string;
                /** @description updated_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_lteq]"?: string;
                /** @description updated_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_gt]"?: string;
                /** @description updated_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_gteq]"?: string;
                /** @description updated_at is null (true) or not (false) */
                "q[updated_at_null]"?: "true" | "false";
                /** @description updated_at is present (true) or not (false) */
                "q[updated_at_present]"?: "true" | "false";
                /** @description completed_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_eq]"?: string;
                /** @description completed_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_not_eq]"?: string;
                /** @description completed_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_lt]"?: string;
                /** @description completed_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_lteq]"?: string;
                /** @description completed_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_gt]"?: string;
                /** @description completed_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_gteq]"?: string;
                /** @description completed_at is null (true) or not (false) */
                "q[completed_at_null]"?: "true" | "false";
                /** @description completed_at is present (true) or not (false) */
                "q[completed_at_present]"?: "true" | "false";
                /** @description fulfilled_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_eq]"?: string;
                /** @description fulfilled_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_not_eq]"?: string;
                /** @description fulfilled_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_lt]"?: string;
                /** @description fulfilled_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_lteq]"?: string;
                /** @description fulfilled_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_gt]"?: string;
                /** @description fulfilled_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_gteq]"?: string;
                /** @description fulfilled_at is null (true) or not (false) */
                "q[fulfilled_at_null]"?: "true" | "false";
                /** @description fulfilled_at is present (true) or not (false) */
                "q[fulfilled_at_present]"?: "true" | "false";
                /** @description open is the value */
                "q[open_eq]"?: "true" | "false";
                /** @description open is not the value */
                "q[open_not_eq]"?: "true" | "false";
                /** @description open is null (true) or not (false) */
                "q[open_null]"?: "true" | "false";
                /** @description open is present (true) or not (false) */
                "q[open_present]"?: "true" | "false";
                /** @description on_time is the value */
                "q[on_time_eq]"?: "true" | "false";
                /** @description on_time is not the value */
                "q[on_time_not_eq]"?: "true" | "false";
                /** @description on_time is null (true) or not (false) */
                "q[on_time_null]"?: "true" | "false";
                /** @description on_time is present (true) or not (false) */
                "q[on_time_present]"?: "true" | "false";
                /** @description revised is the value */
                "q[revised_eq]"?: "true" | "false";
                /** @description revised is not the value */
                "q[revised_not_eq]"?: "true" | "false";
                /** @description revised is null (true) or not (false) */
                "q[revised_null]"?: "true" | "false";
                /** @description revised is present (true) or not (false) */
                "q[revised_present]"?: "true" | "false";
                /** @description product_id is the value */
                "q[product_id_eq]"?: string;
                /** @description product_id is not the value */
                "q[product_id_not_eq]"?: string;
                /** @description product_id is one of */
                "q[product_id_in][]"?: string[];
                /** @description product_id is none of */
                "q[product_id_not_in][]"?: string[];
                /** @description product_id is null (true) or not (false) */
                "q[product_id_null]"?: "true" | "false";
                /** @description product_id is present (true) or not (false) */
                "q[product_id_present]"?: "true" | "false";
                /** @description client_id is the value */
                "q[client_id_eq]"?: string;
                /** @description client_id is not the value */
                "q[client_id_not_eq]"?: string;
                /** @description client_id is one of */
                "q[client_id_in][]"?: string[];
                /** @description client_id is none of */
                "q[client_id_not_in][]"?: string[];
                /** @description client_id is null (true) or not (false) */
                "q[client_id_null]"?: "true" | "false";
                /** @description client_id is present (true) or not (false) */
                "q[client_id_present]"?: "true" | "false";
                /** @description company_id is the value */
                "q[company_id_eq]"?: string;
                /** @description company_id is not the value */
                "q[company_id_not_eq]"?: string;
                /** @description company_id is one of */
                "q[company_id_in][]"?: string[];
                /** @description company_id is none of */
                "q[company_id_not_in][]"?: string[];
                /** @description company_id is null (true) or not (false) */
                "q[company_id_null]"?: "true" | "false";
                /** @description company_id is present (true) or not (false) */
                "q[company_id_present]"?: "true" | "false";
                /** @description appraiser_id is the value */
                "q[appraiser_id_eq]"?: string;
                /** @description appraiser_id is not the value */
                "q[appraiser_id_not_eq]"?: string;
                /** @description appraiser_id is one of */
                "q[appraiser_id_in][]"?: string[];
                /** @description appraiser_id is none of */
                "q[appraiser_id_not_in][]"?: string[];
                /** @description appraiser_id is null (true) or not (false) */
                "q[appraiser_id_null]"?: "true" | "false";
                /** @description appraiser_id is present (true) or not (false) */
                "q[appraiser_id_present]"?: "true" | "false";
                /** @description created_by_id is the value */
                "q[created_by_id_eq]"?: string;
                /** @description created_by_id is not the value */
                "q[created_by_id_not_eq]"?: string;
                /** @description created_by_id is one of */
                "q[created_by_id_in][]"?: string[];
                /** @description created_by_id is none of */
                "q[created_by_id_not_in][]"?: string[];
                /** @description created_by_id is null (true) or not (false) */
                "q[created_by_id_null]"?: "true" | "false";
                /** @description created_by_id is present (true) or not (false) */
                "q[created_by_id_present]"?: "true" | "false";
                /** @description offer_expires_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_eq]"?: string;
                /** @description offer_expires_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_not_eq]"?: string;
                /** @description offer_expires_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_lt]"?: string;
                /** @description offer_expires_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_lteq]"?: string;
                /** @description offer_expires_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_gt]"?: string;
                /** @description offer_expires_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_gteq]"?: string;
                /** @description offer_expires_at is null (true) or not (false) */
                "q[offer_expires_at_null]"?: "true" | "false";
                /** @description offer_expires_at is present (true) or not (false) */
                "q[offer_expires_at_present]"?: "true" | "false";
                /** @description vendor_due_date is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_eq]"?: string;
                /** @description vendor_due_date is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_not_eq]"?: string;
                /** @description vendor_due_date is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_lt]"?: string;
                /** @description vendor_due_date is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_lteq]"?: string;
                /** @description vendor_due_date is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_gt]"?: string;
                /** @description vendor_due_date is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_gteq]"?: string;
                /** @description vendor_due_date is null (true) or not (false) */
                "q[vendor_due_date_null]"?: "true" | "false";
                /** @description vendor_due_date is present (true) or not (false) */
                "q[vendor_due_date_present]"?: "true" | "false";
                /** @description payment_method is the value */
                "q[payment_method_eq]"?: "payment_link" | "invoice" | "credit_card";
                /** @description payment_method is not the value */
                "q[payment_method_not_eq]"?: "payment_link" | "invoice" | "credit_card";
                /** @description payment_method is one of */
                "q[payment_method_in][]"?: ("payment_link" | "invoice" | "credit_card")[];
                /** @description payment_method is none of */
                "q[payment_method_not_in][]"?: ("payment_link" | "invoice" | "credit_card")[];
                /** @description payment_method is null (true) or not (false) */
                "q[payment_method_null]"?: "true" | "false";
                /** @description payment_method is present (true) or not (false) */
                "q[payment_method_present]"?: "true" | "false";
                /** @description Sort: "<attribute> asc|desc"; repeat as q[s][] to sort by several (at most 5) */
                "q[s]"?: "id asc" | "id desc" | "status_name asc" | "status_name desc" | "status_id asc" | "status_id desc" | "file_number asc" | "file_number desc" | "loan_number asc" | "loan_number desc" | "loan_type asc" | "loan_type desc" | "transaction_type asc" | "transaction_type desc" | "borrower_first_name asc" | "borrower_first_name desc" | "borrower_last_name asc" | "borrower_last_name desc" | "borrower_name asc" | "borrower_name desc" | "keywords asc" | "keywords desc" | "address_city asc" | "address_city desc" | "address_state asc" | "address_state desc" | "address_zip asc" | "address_zip desc" | "address_street asc" | "address_street desc" | "due_date asc" | "due_date desc" | "created_at asc" | "created_at desc" | "updated_at asc" | "updated_at desc" | "completed_at asc" | "completed_at desc" | "fulfilled_at asc" | "fulfilled_at desc" | "open asc" | "open desc" | "on_time asc" | "on_time desc" | "revised asc" | "revised desc" | "product_id asc" | "product_id desc" | "client_id asc" | "client_id desc" | "company_id asc" | "company_id desc" | "appraiser_id asc" | "appraiser_id desc" | "created_by_id asc" | "created_by_id desc" | "offer_expires_at asc" | "offer_expires_at desc" | "vendor_due_date asc" | "vendor_due_date desc" | "payment_method asc" | "payment_method desc";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many of the orders a search finds are in each status (the search’s status terms aside) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "status": {
                     *             "id": "pending_assignment",
                     *             "name": "Pending assignment",
                     *             "category": "in_progress"
                     *           },
                     *           "count": 4
                     *         },
                     *         {
                     *           "status": {
                     *             "id": "inspection_scheduled",
                     *             "name": "Inspection scheduled",
                     *             "category": "in_progress"
                     *           },
                     *           "count": 12
                     *         }
                     *       ],
                     *       "total_count": 16,
                     *       "total_count_is_estimate": false
                     *     }
                     */
                    "application/json": components["schemas"]["OrderStatusCounts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    exportOrders: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
                /** @description id is the value */
                "q[id_eq]"?: string;
                /** @description id is not the value */
                "q[id_not_eq]"?: string;
                /** @description id is one of */
                "q[id_in][]"?: string[];
                /** @description id is none of */
                "q[id_not_in][]"?: string[];
                /** @description id is null (true) or not (false) */
                "q[id_null]"?: "true" | "false";
                /** @description id is present (true) or not (false) */
                "q[id_present]"?: "true" | "false";
                /** @description status_name is the value */
                "q[status_name_eq]"?: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
                /** @description status_name is not the value */
                "q[status_name_not_eq]"?: "Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled";
                /** @description status_name is one of */
                "q[status_name_in][]"?: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /** @description status_name is none of */
                "q[status_name_not_in][]"?: ("Draft" | "Pending" | "Waiting payment" | "Pending payment" | "Unassigned" | "Bidding" | "Auto assign processing" | "Pending assignment" | "Assignment accepted with condition" | "Assignment rejected" | "Assignment timed out" | "Under negotiation" | "Refused negotiation" | "Assigned" | "Inspection scheduled" | "Inspection completed" | "Submission requested" | "Submission fee failed" | "In review" | "Internal quality assurance" | "Action required" | "Client quality assurance" | "Client request" | "Completion requested" | "Completion payment hold" | "Completed" | "Fulfilled" | "On hold" | "Attention needed" | "Waiting info from client" | "Cancel requested" | "Cancelled")[];
                /** @description status_name is null (true) or not (false) */
                "q[status_name_null]"?: "true" | "false";
                /** @description status_name is present (true) or not (false) */
                "q[status_name_present]"?: "true" | "false";
                /** @description status_id is the value */
                "q[status_id_eq]"?: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
                /** @description status_id is not the value */
                "q[status_id_not_eq]"?: "draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled";
                /** @description status_id is one of */
                "q[status_id_in][]"?: ("draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled")[];
                /** @description status_id is none of */
                "q[status_id_not_in][]"?: ("draft" | "pending" | "waiting_payment" | "pending_payment" | "unassigned" | "bidding" | "auto_assign_processing" | "pending_assignment" | "assignment_accepted_with_condition" | "assignment_rejected" | "assignment_timed_out" | "under_negotiation" | "refused_negotiation" | "assigned" | "inspection_scheduled" | "inspection_completed" | "submission_requested" | "submission_fee_failed" | "in_review" | "internal_quality_assurance" | "action_required" | "client_quality_assurance" | "client_request" | "completion_requested" | "completion_payment_hold" | "completed" | "fulfilled" | "on_hold" | "attention_needed" | "waiting_info_from_client" | "cancel_requested" | "cancelled")[];
                /** @description status_id is null (true) or not (false) */
                "q[status_id_null]"?: "true" | "false";
                /** @description status_id is present (true) or not (false) */
                "q[status_id_present]"?: "true" | "false";
                /** @description file_number is the value */
                "q[file_number_eq]"?: string;
                /** @description file_number is not the value */
                "q[file_number_not_eq]"?: string;
                /** @description file_number is one of */
                "q[file_number_in][]"?: string[];
                /** @description file_number is none of */
                "q[file_number_not_in][]"?: string[];
                /** @description file_number contains the value */
                "q[file_number_cont]"?: string;
                /** @description file_number starts with the value */
                "q[file_number_start]"?: string;
                /** @description file_number ends with the value */
                "q[file_number_end]"?: string;
                /** @description file_number is null (true) or not (false) */
                "q[file_number_null]"?: "true" | "false";
                /** @description file_number is present (true) or not (false) */
                "q[file_number_present]"?: "true" | "false";
                /** @description loan_number is the value */
                "q[loan_number_eq]"?: string;
                /** @description loan_number is not the value */
                "q[loan_number_not_eq]"?: string;
                /** @description loan_number is one of */
                "q[loan_number_in][]"?: string[];
                /** @description loan_number is none of */
                "q[loan_number_not_in][]"?: string[];
                /** @description loan_number contains the value */
                "q[loan_number_cont]"?: string;
                /** @description loan_number starts with the value */
                "q[loan_number_start]"?: string;
                /** @description loan_number ends with the value */
                "q[loan_number_end]"?: string;
                /** @description loan_number is null (true) or not (false) */
                "q[loan_number_null]"?: "true" | "false";
                /** @description loan_number is present (true) or not (false) */
                "q[loan_number_present]"?: "true" | "false";
                /** @description loan_type is the value */
                "q[loan_type_eq]"?: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
                /** @description loan_type is not the value */
                "q[loan_type_not_eq]"?: "203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va";
                /** @description loan_type is one of */
                "q[loan_type_in][]"?: ("203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va")[];
                /** @description loan_type is none of */
                "q[loan_type_not_in][]"?: ("203k" | "asset_valuation" | "conventional" | "fha" | "other" | "portfolio" | "renovation" | "reo" | "sba_504" | "sba_504_and_sba_7a" | "sba_7a" | "sba_capline" | "usda" | "va")[];
                /** @description loan_type is null (true) or not (false) */
                "q[loan_type_null]"?: "true" | "false";
                /** @description loan_type is present (true) or not (false) */
                "q[loan_type_present]"?: "true" | "false";
                /** @description transaction_type is the value */
                "q[transaction_type_eq]"?: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
                /** @description transaction_type is not the value */
                "q[transaction_type_not_eq]"?: "collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance";
                /** @description transaction_type is one of */
                "q[transaction_type_in][]"?: ("collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance")[];
                /** @description transaction_type is none of */
                "q[transaction_type_not_in][]"?: ("collateral_valuation" | "commercial_construction_purchase" | "commercial_construction_refinance" | "construction" | "construction_purchase" | "construction_refinance" | "construction_school_daycare" | "home_equity" | "liquidation" | "other" | "purchase" | "refinance")[];
                /** @description transaction_type is null (true) or not (false) */
                "q[transaction_type_null]"?: "true" | "false";
                /** @description transaction_type is present (true) or not (false) */
                "q[transaction_type_present]"?: "true" | "false";
                /** @description borrower_first_name is the value */
                "q[borrower_first_name_eq]"?: string;
                /** @description borrower_first_name is not the value */
                "q[borrower_first_name_not_eq]"?: string;
                /** @description borrower_first_name is one of */
                "q[borrower_first_name_in][]"?: string[];
                /** @description borrower_first_name is none of */
                "q[borrower_first_name_not_in][]"?: string[];
                /** @description borrower_first_name contains the value */
                "q[borrower_first_name_cont]"?: string;
                /** @description borrower_first_name starts with the value */
                "q[borrower_first_name_start]"?: string;
                /** @description borrower_first_name ends with the value */
                "q[borrower_first_name_end]"?: string;
                /** @description borrower_first_name is null (true) or not (false) */
                "q[borrower_first_name_null]"?: "true" | "false";
                /** @description borrower_first_name is present (true) or not (false) */
                "q[borrower_first_name_present]"?: "true" | "false";
                /** @description borrower_last_name is the value */
                "q[borrower_last_name_eq]"?: string;
                /** @description borrower_last_name is not the value */
                "q[borrower_last_name_not_eq]"?: string;
                /** @description borrower_last_name is one of */
                "q[borrower_last_name_in][]"?: string[];
                /** @description borrower_last_name is none of */
                "q[borrower_last_name_not_in][]"?: string[];
                /** @description borrower_last_name contains the value */
                "q[borrower_last_name_cont]"?: string;
                /** @description borrower_last_name starts with the value */
                "q[borrower_last_name_start]"?: string;
                /** @description borrower_last_name ends with the value */
                "q[borrower_last_name_end]"?: string;
                /** @description borrower_last_name is null (true) or not (false) */
                "q[borrower_last_name_null]"?: "true" | "false";
                /** @description borrower_last_name is present (true) or not (false) */
                "q[borrower_last_name_present]"?: "true" | "false";
                /** @description borrower_name is the value */
                "q[borrower_name_eq]"?: string;
                /** @description borrower_name is not the value */
                "q[borrower_name_not_eq]"?: string;
                /** @description borrower_name is one of */
                "q[borrower_name_in][]"?: string[];
                /** @description borrower_name is none of */
                "q[borrower_name_not_in][]"?: string[];
                /** @description borrower_name contains the value */
                "q[borrower_name_cont]"?: string;
                /** @description borrower_name starts with the value */
                "q[borrower_name_start]"?: string;
                /** @description borrower_name ends with the value */
                "q[borrower_name_end]"?: string;
                /** @description borrower_name is null (true) or not (false) */
                "q[borrower_name_null]"?: "true" | "false";
                /** @description borrower_name is present (true) or not (false) */
                "q[borrower_name_present]"?: "true" | "false";
                /** @description keywords is the value */
                "q[keywords_eq]"?: string;
                /** @description keywords is not the value */
                "q[keywords_not_eq]"?: string;
                /** @description keywords is one of */
                "q[keywords_in][]"?: string[];
                /** @description keywords is none of */
                "q[keywords_not_in][]"?: string[];
                /** @description keywords contains the value */
                "q[keywords_cont]"?: string;
                /** @description keywords starts with the value */
                "q[keywords_start]"?: string;
                /** @description keywords ends with the value */
                "q[keywords_end]"?: string;
                /** @description keywords is null (true) or not (false) */
                "q[keywords_null]"?: "true" | "false";
                /** @description keywords is present (true) or not (false) */
                "q[keywords_present]"?: "true" | "false";
                /** @description address_city is the value */
                "q[address_city_eq]"?: string;
                /** @description address_city is not the value */
                "q[address_city_not_eq]"?: string;
                /** @description address_city is one of */
                "q[address_city_in][]"?: string[];
                /** @description address_city is none of */
                "q[address_city_not_in][]"?: string[];
                /** @description address_city contains the value */
                "q[address_city_cont]"?: string;
                /** @description address_city starts with the value */
                "q[address_city_start]"?: string;
                /** @description address_city ends with the value */
                "q[address_city_end]"?: string;
                /** @description address_city is null (true) or not (false) */
                "q[address_city_null]"?: "true" | "false";
                /** @description address_city is present (true) or not (false) */
                "q[address_city_present]"?: "true" | "false";
                /** @description address_state is the value */
                "q[address_state_eq]"?: "01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56";
                /** @description address_state is not the value */
                "q[address_state_not_eq]"?: "01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56";
                /** @description address_state is one of */
                "q[address_state_in][]"?: ("01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56")[];
                /** @description address_state is none of */
                "q[address_state_not_in][]"?: ("01" | "02" | "60" | "04" | "05" | "06" | "08" | "09" | "10" | "11" | "12" | "13" | "66" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "69" | "39" | "40" | "41" | "42" | "72" | "44" | "45" | "46" | "47" | "48" | "78" | "49" | "50" | "51" | "53" | "54" | "55" | "56")[];
                /** @description address_state is null (true) or not (false) */
                "q[address_state_null]"?: "true" | "false";
                /** @description address_state is present (true) or not (false) */
                "q[address_state_present]"?: "true" | "false";
                /** @description address_zip is the value */
                "q[address_zip_eq]"?: string;
                /** @description address_zip is not the value */
                "q[address_zip_not_eq]"?: string;
                /** @description address_zip is one of */
                "q[address_zip_in][]"?: string[];
                /** @description address_zip is none of */
                "q[address_zip_not_in][]"?: string[];
                /** @description address_zip contains the value */
                "q[address_zip_cont]"?: string;
                /** @description address_zip starts with the value */
                "q[address_zip_start]"?: string;
                /** @description address_zip ends with the value */
                "q[address_zip_end]"?: string;
                /** @description address_zip is null (true) or not (false) */
                "q[address_zip_null]"?: "true" | "false";
                /** @description address_zip is present (true) or not (false) */
                "q[address_zip_present]"?: "true" | "false";
                /** @description address_street is the value */
                "q[address_street_eq]"?: string;
                /** @description address_street is not the value */
                "q[address_street_not_eq]"?: string;
                /** @description address_street is one of */
                "q[address_street_in][]"?: string[];
                /** @description address_street is none of */
                "q[address_street_not_in][]"?: string[];
                /** @description address_street contains the value */
                "q[address_street_cont]"?: string;
                /** @description address_street starts with the value */
                "q[address_street_start]"?: string;
                /** @description address_street ends with the value */
                "q[address_street_end]"?: string;
                /** @description address_street is null (true) or not (false) */
                "q[address_street_null]"?: "true" | "false";
                /** @description address_street is present (true) or not (false) */
                "q[address_street_present]"?: "true" | "false";
                /** @description due_date is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_eq]"?: string;
                /** @description due_date is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_not_eq]"?: string;
                /** @description due_date is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_lt]"?: string;
                /** @description due_date is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_lteq]"?: string;
                /** @description due_date is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_gt]"?: string;
                /** @description due_date is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[due_date_gteq]"?: string;
                /** @description due_date is null (true) or not (false) */
                "q[due_date_null]"?: "true" | "false";
                /** @description due_date is present (true) or not (false) */
                "q[due_date_present]"?: "true" | "false";
                /** @description created_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_eq]"?: string;
                /** @description created_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_not_eq]"?: string;
                /** @description created_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lt]"?: string;
                /** @description created_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_lteq]"?: string;
                /** @description created_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gt]"?: string;
                /** @description created_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[created_at_gteq]"?: string;
                /** @description created_at is null (true) or not (false) */
                "q[created_at_null]"?: "true" | "false";
                /** @description created_at is present (true) or not (false) */
                "q[created_at_present]"?: "true" | "false";
                /** @description updated_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_eq]"?: string;
                /** @description updated_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_not_eq]"?: string;
                /** @description updated_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_lt]"?: string;
                /** @description updated_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_lteq]"?: string;
                /** @description updated_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_gt]"?: string;
                /** @description updated_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[updated_at_gteq]"?: string;
                /** @description updated_at is null (true) or not (false) */
                "q[updated_at_null]"?: "true" | "false";
                /** @description updated_at is present (true) or not (false) */
                "q[updated_at_present]"?: "true" | "false";
                /** @description completed_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_eq]"?: string;
                /** @description completed_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_not_eq]"?: string;
                /** @description completed_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_lt]"?: string;
                /** @description completed_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_lteq]"?: string;
                /** @description completed_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_gt]"?: string;
                /** @description completed_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[completed_at_gteq]"?: string;
                /** @description completed_at is null (true) or not (false) */
                "q[completed_at_null]"?: "true" | "false";
                /** @description completed_at is present (true) or not (false) */
                "q[completed_at_present]"?: "true" | "false";
                /** @description fulfilled_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_eq]"?: string;
                /** @description fulfilled_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_not_eq]"?: string;
                /** @description fulfilled_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_lt]"?: string;
                /** @description fulfilled_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_lteq]"?: string;
                /** @description fulfilled_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_gt]"?: string;
                /** @description fulfilled_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[fulfilled_at_gteq]"?: string;
                /** @description fulfilled_at is null (true) or not (false) */
                "q[fulfilled_at_null]"?: "true" | "false";
                /** @description fulfilled_at is present (true) or not (false) */
                "q[fulfilled_at_present]"?: "true" | "false";
                /** @description open is the value */
                "q[open_eq]"?: "true" | "false";
                /** @description open is not the value */
                "q[open_not_eq]"?: "true" | "false";
                /** @description open is null (true) or not (false) */
                "q[open_null]"?: "true" | "false";
                /** @description open is present (true) or not (false) */
                "q[open_present]"?: "true" | "false";
                /** @description on_time is the value */
                "q[on_time_eq]"?: "true" | "false";
                /** @description on_time is not the value */
                "q[on_time_not_eq]"?: "true" | "false";
                /** @description on_time is null (true) or not (false) */
                "q[on_time_null]"?: "true" | "false";
                /** @description on_time is present (true) or not (false) */
                "q[on_time_present]"?: "true" | "false";
                /** @description revised is the value */
                "q[revised_eq]"?: "true" | "false";
                /** @description revised is not the value */
                "q[revised_not_eq]"?: "true" | "false";
                /** @description revised is null (true) or not (false) */
                "q[revised_null]"?: "true" | "false";
                /** @description revised is present (true) or not (false) */
                "q[revised_present]"?: "true" | "false";
                /** @description product_id is the value */
                "q[product_id_eq]"?: string;
                /** @description product_id is not the value */
                "q[product_id_not_eq]"?: string;
                /** @description product_id is one of */
                "q[product_id_in][]"?: string[];
                /** @description product_id is none of */
                "q[product_id_not_in][]"?: string[];
                /** @description product_id is null (true) or not (false) */
                "q[product_id_null]"?: "true" | "false";
                /** @description product_id is present (true) or not (false) */
                "q[product_id_present]"?: "true" | "false";
                /** @description client_id is the value */
                "q[client_id_eq]"?: string;
                /** @description client_id is not the value */
                "q[client_id_not_eq]"?: string;
                /** @description client_id is one of */
                "q[client_id_in][]"?: string[];
                /** @description client_id is none of */
                "q[client_id_not_in][]"?: string[];
                /** @description client_id is null (true) or not (false) */
                "q[client_id_null]"?: "true" | "false";
                /** @description client_id is present (true) or not (false) */
                "q[client_id_present]"?: "true" | "false";
                /** @description company_id is the value */
                "q[company_id_eq]"?: string;
                /** @description company_id is not the value */
                "q[company_id_not_eq]"?: string;
                /** @description company_id is one of */
                "q[company_id_in][]"?: string[];
                /** @description company_id is none of */
                "q[company_id_not_in][]"?: string[];
                /** @description company_id is null (true) or not (false) */
                "q[company_id_null]"?: "true" | "false";
                /** @description company_id is present (true) or not (false) */
                "q[company_id_present]"?: "true" | "false";
                /** @description appraiser_id is the value */
                "q[appraiser_id_eq]"?: string;
                /** @description appraiser_id is not the value */
                "q[appraiser_id_not_eq]"?: string;
                /** @description appraiser_id is one of */
                "q[appraiser_id_in][]"?: string[];
                /** @description appraiser_id is none of */
                "q[appraiser_id_not_in][]"?: string[];
                /** @description appraiser_id is null (true) or not (false) */
                "q[appraiser_id_null]"?: "true" | "false";
                /** @description appraiser_id is present (true) or not (false) */
                "q[appraiser_id_present]"?: "true" | "false";
                /** @description created_by_id is the value */
                "q[created_by_id_eq]"?: string;
                /** @description created_by_id is not the value */
                "q[created_by_id_not_eq]"?: string;
                /** @description created_by_id is one of */
                "q[created_by_id_in][]"?: string[];
                /** @description created_by_id is none of */
                "q[created_by_id_not_in][]"?: string[];
                /** @description created_by_id is null (true) or not (false) */
                "q[created_by_id_null]"?: "true" | "false";
                /** @description created_by_id is present (true) or not (false) */
                "q[created_by_id_present]"?: "true" | "false";
                /** @description offer_expires_at is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_eq]"?: string;
                /** @description offer_expires_at is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_not_eq]"?: string;
                /** @description offer_expires_at is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_lt]"?: string;
                /** @description offer_expires_at is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_lteq]"?: string;
                /** @description offer_expires_at is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_gt]"?: string;
                /** @description offer_expires_at is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[offer_expires_at_gteq]"?: string;
                /** @description offer_expires_at is null (true) or not (false) */
                "q[offer_expires_at_null]"?: "true" | "false";
                /** @description offer_expires_at is present (true) or not (false) */
                "q[offer_expires_at_present]"?: "true" | "false";
                /** @description vendor_due_date is the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_eq]"?: string;
                /** @description vendor_due_date is not the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_not_eq]"?: string;
                /** @description vendor_due_date is less than (dates: before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_lt]"?: string;
                /** @description vendor_due_date is at most (dates: on or before) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_lteq]"?: string;
                /** @description vendor_due_date is more than (dates: after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_gt]"?: string;
                /** @description vendor_due_date is at least (dates: on or after) the value. A date (YYYY-MM-DD, MM/DD/YYYY: the whole day in the deployment time zone) or a date-time: YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY HH:MM read in that zone, or ISO 8601 with a zone (Z, +HH:MM); years 1000 to 9999 (blank: the term is left out) */
                "q[vendor_due_date_gteq]"?: string;
                /** @description vendor_due_date is null (true) or not (false) */
                "q[vendor_due_date_null]"?: "true" | "false";
                /** @description vendor_due_date is present (true) or not (false) */
                "q[vendor_due_date_present]"?: "true" | "false";
                /** @description payment_method is the value */
                "q[payment_method_eq]"?: "payment_link" | "invoice" | "credit_card";
                /** @description payment_method is not the value */
                "q[payment_method_not_eq]"?: "payment_link" | "invoice" | "credit_card";
                /** @description payment_method is one of */
                "q[payment_method_in][]"?: ("payment_link" | "invoice" | "credit_card")[];
                /** @description payment_method is none of */
                "q[payment_method_not_in][]"?: ("payment_link" | "invoice" | "credit_card")[];
                /** @description payment_method is null (true) or not (false) */
                "q[payment_method_null]"?: "true" | "false";
                /** @description payment_method is present (true) or not (false) */
                "q[payment_method_present]"?: "true" | "false";
                /** @description Sort: "<attribute> asc|desc"; repeat as q[s][] to sort by several (at most 5) */
                "q[s]"?: "id asc" | "id desc" | "status_name asc" | "status_name desc" | "status_id asc" | "status_id desc" | "file_number asc" | "file_number desc" | "loan_number asc" | "loan_number desc" | "loan_type asc" | "loan_type desc" | "transaction_type asc" | "transaction_type desc" | "borrower_first_name asc" | "borrower_first_name desc" | "borrower_last_name asc" | "borrower_last_name desc" | "borrower_name asc" | "borrower_name desc" | "keywords asc" | "keywords desc" | "address_city asc" | "address_city desc" | "address_state asc" | "address_state desc" | "address_zip asc" | "address_zip desc" | "address_street asc" | "address_street desc" | "due_date asc" | "due_date desc" | "created_at asc" | "created_at desc" | "updated_at asc" | "updated_at desc" | "completed_at asc" | "completed_at desc" | "fulfilled_at asc" | "fulfilled_at desc" | "open asc" | "open desc" | "on_time asc" | "on_time desc" | "revised asc" | "revised desc" | "product_id asc" | "product_id desc" | "client_id asc" | "client_id desc" | "company_id asc" | "company_id desc" | "appraiser_id asc" | "appraiser_id desc" | "created_by_id asc" | "created_by_id desc" | "offer_expires_at asc" | "offer_expires_at desc" | "vendor_due_date asc" | "vendor_due_date desc" | "payment_method asc" | "payment_method desc";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The orders, one per line after a header line (RFC 4180, UTF-8) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example File number,Status,Address,City,State,ZIP,Client,Borrower,Loan number,Loan type,Transaction type,Appraiser,Due date,Created,Completed,Fulfilled
                     *     AOM-00000042,Inspection scheduled,1100 Congress Ave,Austin,TX,78701,Hill Country Bank,Bea Borrower,HC-2026-0042,conventional,purchase,Avery Appraiser,12/15/2026,11/26/2026,,
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An appraisal order, as the caller may see it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                     *       "file_number": "AOM-00000042",
                     *       "status": {
                     *         "id": "client_request",
                     *         "name": "Client request",
                     *         "category": "needs_attention"
                     *       },
                     *       "allowed_transitions": [
                     *         "forward_request",
                     *         "answer_request",
                     *         "hold",
                     *         "flag_attention"
                     *       ],
                     *       "address": {
                     *         "address_one": "1100 Congress Ave",
                     *         "address_two": "Unit 4",
                     *         "city": "Austin",
                     *         "county_id": "48453",
                     *         "county": "Travis County",
                     *         "state_id": "48",
                     *         "state": "TX",
                     *         "zip": "78701",
                     *         "latitude": 30.2747,
                     *         "longitude": -97.7404
                     *       },
                     *       "full_address": "1100 Congress Ave, Unit 4, Austin, TX 78701",
                     *       "borrower": {
                     *         "id": "d03ae033-c01f-436a-94ac-3b0be381fc29",
                     *         "email": "bea@borrower.example",
                     *         "first_name": "Bea",
                     *         "last_name": "Borrower",
                     *         "phone": "512-555-0101",
                     *         "co_first_name": "Cody",
                     *         "co_last_name": "Borrower"
                     *       },
                     *       "co_borrowers": [
                     *         {
                     *           "id": "5c87103e-aac9-4c5b-a665-6aafe5a30f54",
                     *           "first_name": "Cody",
                     *           "last_name": "Borrower",
                     *           "email": null,
                     *           "phone": null
                     *         }
                     *       ],
                     *       "client": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       },
                     *       "lender": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       },
                     *       "company": {
                     *         "id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *         "name": "Lone Star Appraisal Co"
                     *       },
                     *       "branch": {
                     *         "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *         "name": "Downtown Austin"
                     *       },
                     *       "client_emails": [
                     *         "casey.client@hillcountry.example",
                     *         "lou.officer@hillcountry.example"
                     *       ],
                     *       "appraiser": {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser"
                     *       },
                     *       "offer_expires_at": null,
                     *       "complex_property": false,
                     *       "contract_price": 420000,
                     *       "decimal_balance": "450.00",
                     *       "total_fee": "450.00",
                     *       "appraiser_fee": "300.00",
                     *       "margin": "150.00",
                     *       "assignment_condition": null,
                     *       "negotiation": null,
                     *       "client_request": {
                     *         "note_id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *         "returns_to": "Completed"
                     *       },
                     *       "message_audiences": {
                     *         "choices": [
                     *           "internal",
                     *           "appraiser",
                     *           "client",
                     *           "everyone"
                     *         ],
                     *         "default": "everyone"
                     *       },
                     *       "report": {
                     *         "latest_submission": 1,
                     *         "released_submission": 1,
                     *         "release_after_payment": false
                     *       },
                     *       "loan_amount": "350000.00",
                     *       "loan_number": "HC-2026-0042",
                     *       "loan_type": "conventional",
                     *       "transaction_type": "purchase",
                     *       "occupancy_type": "primary_residence",
                     *       "estate_held_type": "fee_simple",
                     *       "fha_case_number": null,
                     *       "green_certified": false,
                     *       "invoice_strategy": "invoice_client",
                     *       "payment_method": "invoice",
                     *       "special_instructions": "<p>Call the occupant first; gate code <b>1234</b></p>",
                     *       "access_contact": {
                     *         "name": "Tina Tenant",
                     *         "phone": "512-555-0103",
                     *         "email": "tina@tenant.example",
                     *         "note": "Tenant; call after 5 pm"
                     *       },
                     *       "parties": [
                     *         {
                     *           "id": "d03ae033-c01f-436a-94ac-3b0be381fc29",
                     *           "email": "bea@borrower.example",
                     *           "emails": [
                     *             "bea@borrower.example"
                     *           ],
                     *           "name": "Bea Borrower",
                     *           "phone": "512-555-0101",
                     *           "phones": [
                     *             "512-555-0101"
                     *           ],
                     *           "poc": false,
                     *           "role": "borrower",
                     *           "role_key": "borrower"
                     *         },
                     *         {
                     *           "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *           "email": "otto@occupant.example",
                     *           "emails": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "name": "Otto Occupant",
                     *           "phone": "512-555-0102",
                     *           "phones": [
                     *             "512-555-0102"
                     *           ],
                     *           "poc": true,
                     *           "role": "Occupant",
                     *           "role_key": "occupant"
                     *         }
                     *       ],
                     *       "point_of_contact": {
                     *         "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *         "emails": [
                     *           "otto@occupant.example"
                     *         ],
                     *         "email": [
                     *           "otto@occupant.example"
                     *         ],
                     *         "first_name": "Otto",
                     *         "last_name": "Occupant",
                     *         "name": "Otto Occupant",
                     *         "phone": "512-555-0102"
                     *       },
                     *       "points_of_contact": [
                     *         {
                     *           "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *           "emails": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "email": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "first_name": "Otto",
                     *           "last_name": "Occupant",
                     *           "name": "Otto Occupant",
                     *           "phone": "512-555-0102"
                     *         }
                     *       ],
                     *       "products": [
                     *         {
                     *           "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *           "name": "Single Family Appraisal (1004)"
                     *         }
                     *       ],
                     *       "property_type": {
                     *         "id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                     *         "name": "Single Family",
                     *         "slug": "single_family"
                     *       },
                     *       "due_date": "12/15/2026",
                     *       "original_due_date": "12/15/2026",
                     *       "vendor_due_date": "12/12/2026",
                     *       "closing_date": "01/15/2027",
                     *       "created_at": "11/26/2026",
                     *       "updated_at": "12/07/2026",
                     *       "assigned_at": "11/26/2026",
                     *       "inspection_scheduled_at": "2026-12-01T15:00:00.000Z",
                     *       "inspection_completed_at": "12/01/2026",
                     *       "inspection_completed_at_iso": "2026-12-01T16:10:00.000Z",
                     *       "submitted_at": "12/03/2026",
                     *       "completed_at": "12/04/2026",
                     *       "fulfilled_at": null,
                     *       "version": "2026-12-07T16:31:08.412Z",
                     *       "correctable_fields": [
                     *         "borrower",
                     *         "loan_number",
                     *         "loan_amount",
                     *         "due_date",
                     *         "special_instructions",
                     *         "access_contact",
                     *         "address"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    correctOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description The order's version as you read it (the detail's version); a later one answers 409 */
                "If-Match"?: string;
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "borrower": {
                 *         "first_name": "Beatrice",
                 *         "last_name": "Borrower",
                 *         "phone": "(512) 555-0111",
                 *         "email": "bea.borrower@mail.example"
                 *       },
                 *       "loan_number": "HC-2026-0042-A",
                 *       "due_date": "12/18/2026",
                 *       "access_contact": {
                 *         "name": "Tina Tenant",
                 *         "phone": "(512) 555-0103",
                 *         "email": "tina@tenant.example",
                 *         "note": "Tenant; call after 5 pm"
                 *       },
                 *       "reason": "The closing moved to December 18"
                 *     }
                 */
                "application/json": components["schemas"]["OrderCorrectionRequest"];
                /**
                 * @example {
                 *       "borrower[first_name]": "Beatrice",
                 *       "borrower[last_name]": "Borrower",
                 *       "borrower[phone]": "(512) 555-0111",
                 *       "borrower[email]": "bea.borrower@mail.example",
                 *       "loan_number": "HC-2026-0042-A",
                 *       "due_date": "12/18/2026",
                 *       "access_contact[name]": "Tina Tenant",
                 *       "access_contact[phone]": "(512) 555-0103",
                 *       "access_contact[email]": "tina@tenant.example",
                 *       "access_contact[note]": "Tenant; call after 5 pm",
                 *       "reason": "The closing moved to December 18"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example Beatrice */
                    "borrower[first_name]"?: string;
                    /** @example Borrower */
                    "borrower[last_name]"?: string;
                    "borrower[email]"?: string | null;
                    "borrower[phone]"?: string | null;
                    loan_number?: string | null;
                    loan_amount?: string | null;
                    /**
                     * @description The lender's due date, today or later: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 12/18/2026
                     */
                    due_date?: string;
                    special_instructions?: string | null;
                    /** @example Tina Tenant */
                    "access_contact[name]"?: string;
                    /**
                     * @description A 10-digit US or Canadian (NANP) number: 512-555-0102, (512) 555-0102, +1 512 555 0102
                     * @example (512) 555-0103
                     */
                    "access_contact[phone]"?: string;
                    "access_contact[email]"?: string | null;
                    "access_contact[note]"?: string | null;
                    /** @example 1100 Congress Ave */
                    "address[address_one]"?: string;
                    "address[address_two]"?: string | null;
                    /** @example Austin */
                    "address[city]"?: string;
                    /** @example TX */
                    "address[state]"?: string;
                    "address[county]"?: string | null;
                    /** @example 78701 */
                    "address[zip]"?: string;
                    "address[latitude]"?: (number | string) | null;
                    "address[longitude]"?: (number | string) | null;
                    /**
                     * @description Why; recorded in the history with the change
                     * @example The closing moved to December 18
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The corrected order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                     *       "file_number": "AOM-00000042",
                     *       "status": {
                     *         "id": "client_request",
                     *         "name": "Client request",
                     *         "category": "needs_attention"
                     *       },
                     *       "allowed_transitions": [
                     *         "forward_request",
                     *         "answer_request",
                     *         "hold",
                     *         "flag_attention"
                     *       ],
                     *       "address": {
                     *         "address_one": "1100 Congress Ave",
                     *         "address_two": "Unit 4",
                     *         "city": "Austin",
                     *         "county_id": "48453",
                     *         "county": "Travis County",
                     *         "state_id": "48",
                     *         "state": "TX",
                     *         "zip": "78701",
                     *         "latitude": 30.2747,
                     *         "longitude": -97.7404
                     *       },
                     *       "full_address": "1100 Congress Ave, Unit 4, Austin, TX 78701",
                     *       "borrower": {
                     *         "id": "d03ae033-c01f-436a-94ac-3b0be381fc29",
                     *         "email": "bea@borrower.example",
                     *         "first_name": "Bea",
                     *         "last_name": "Borrower",
                     *         "phone": "512-555-0101",
                     *         "co_first_name": "Cody",
                     *         "co_last_name": "Borrower"
                     *       },
                     *       "co_borrowers": [
                     *         {
                     *           "id": "5c87103e-aac9-4c5b-a665-6aafe5a30f54",
                     *           "first_name": "Cody",
                     *           "last_name": "Borrower",
                     *           "email": null,
                     *           "phone": null
                     *         }
                     *       ],
                     *       "client": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       },
                     *       "lender": {
                     *         "id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "name": "Hill Country Bank"
                     *       },
                     *       "company": {
                     *         "id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *         "name": "Lone Star Appraisal Co"
                     *       },
                     *       "branch": {
                     *         "id": "4eec8551-7bb2-4ce8-9755-7581f15970c4",
                     *         "name": "Downtown Austin"
                     *       },
                     *       "client_emails": [
                     *         "casey.client@hillcountry.example",
                     *         "lou.officer@hillcountry.example"
                     *       ],
                     *       "appraiser": {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser"
                     *       },
                     *       "offer_expires_at": null,
                     *       "complex_property": false,
                     *       "contract_price": 420000,
                     *       "decimal_balance": "450.00",
                     *       "total_fee": "450.00",
                     *       "appraiser_fee": "300.00",
                     *       "margin": "150.00",
                     *       "assignment_condition": null,
                     *       "negotiation": null,
                     *       "client_request": {
                     *         "note_id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *         "returns_to": "Completed"
                     *       },
                     *       "message_audiences": {
                     *         "choices": [
                     *           "internal",
                     *           "appraiser",
                     *           "client",
                     *           "everyone"
                     *         ],
                     *         "default": "everyone"
                     *       },
                     *       "report": {
                     *         "latest_submission": 1,
                     *         "released_submission": 1,
                     *         "release_after_payment": false
                     *       },
                     *       "loan_amount": "350000.00",
                     *       "loan_number": "HC-2026-0042",
                     *       "loan_type": "conventional",
                     *       "transaction_type": "purchase",
                     *       "occupancy_type": "primary_residence",
                     *       "estate_held_type": "fee_simple",
                     *       "fha_case_number": null,
                     *       "green_certified": false,
                     *       "invoice_strategy": "invoice_client",
                     *       "payment_method": "invoice",
                     *       "special_instructions": "<p>Call the occupant first; gate code <b>1234</b></p>",
                     *       "access_contact": {
                     *         "name": "Tina Tenant",
                     *         "phone": "512-555-0103",
                     *         "email": "tina@tenant.example",
                     *         "note": "Tenant; call after 5 pm"
                     *       },
                     *       "parties": [
                     *         {
                     *           "id": "d03ae033-c01f-436a-94ac-3b0be381fc29",
                     *           "email": "bea@borrower.example",
                     *           "emails": [
                     *             "bea@borrower.example"
                     *           ],
                     *           "name": "Bea Borrower",
                     *           "phone": "512-555-0101",
                     *           "phones": [
                     *             "512-555-0101"
                     *           ],
                     *           "poc": false,
                     *           "role": "borrower",
                     *           "role_key": "borrower"
                     *         },
                     *         {
                     *           "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *           "email": "otto@occupant.example",
                     *           "emails": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "name": "Otto Occupant",
                     *           "phone": "512-555-0102",
                     *           "phones": [
                     *             "512-555-0102"
                     *           ],
                     *           "poc": true,
                     *           "role": "Occupant",
                     *           "role_key": "occupant"
                     *         }
                     *       ],
                     *       "point_of_contact": {
                     *         "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *         "emails": [
                     *           "otto@occupant.example"
                     *         ],
                     *         "email": [
                     *           "otto@occupant.example"
                     *         ],
                     *         "first_name": "Otto",
                     *         "last_name": "Occupant",
                     *         "name": "Otto Occupant",
                     *         "phone": "512-555-0102"
                     *       },
                     *       "points_of_contact": [
                     *         {
                     *           "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *           "emails": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "email": [
                     *             "otto@occupant.example"
                     *           ],
                     *           "first_name": "Otto",
                     *           "last_name": "Occupant",
                     *           "name": "Otto Occupant",
                     *           "phone": "512-555-0102"
                     *         }
                     *       ],
                     *       "products": [
                     *         {
                     *           "id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6",
                     *           "name": "Single Family Appraisal (1004)"
                     *         }
                     *       ],
                     *       "property_type": {
                     *         "id": "5fead7c4-9143-4132-acdf-17f8c24048b8",
                     *         "name": "Single Family",
                     *         "slug": "single_family"
                     *       },
                     *       "due_date": "12/15/2026",
                     *       "original_due_date": "12/15/2026",
                     *       "vendor_due_date": "12/12/2026",
                     *       "closing_date": "01/15/2027",
                     *       "created_at": "11/26/2026",
                     *       "updated_at": "12/07/2026",
                     *       "assigned_at": "11/26/2026",
                     *       "inspection_scheduled_at": "2026-12-01T15:00:00.000Z",
                     *       "inspection_completed_at": "12/01/2026",
                     *       "inspection_completed_at_iso": "2026-12-01T16:10:00.000Z",
                     *       "submitted_at": "12/03/2026",
                     *       "completed_at": "12/04/2026",
                     *       "fulfilled_at": null,
                     *       "version": "2026-12-07T16:31:08.412Z",
                     *       "correctable_fields": [
                     *         "borrower",
                     *         "loan_number",
                     *         "loan_amount",
                     *         "due_date",
                     *         "special_instructions",
                     *         "access_contact",
                     *         "address"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description An error */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": {
                     *         "code": "validation_failed",
                     *         "message": "Invalid input: borrower.first_name, product_ids[0]",
                     *         "details": [
                     *           {
                     *             "field": "borrower.first_name",
                     *             "message": "is required"
                     *           },
                     *           {
                     *             "field": "product_ids[0]",
                     *             "message": "is not a product of the client configuration"
                     *           }
                     *         ]
                     *       },
                     *       "request_id": "c8a1f4e2-7b3d-4e9a-9f21-5d6c0b8e4a17"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeSubjectAddress: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "address_one": "1100 Congress Ave",
                 *       "address_two": "Unit 4B",
                 *       "city": "Austin",
                 *       "state": "TX",
                 *       "county": "Travis",
                 *       "zip": "78701",
                 *       "latitude": 30.2747,
                 *       "longitude": -97.7404
                 *     }
                 */
                "application/json": components["schemas"]["SubjectAddressChange"];
                /**
                 * @example {
                 *       "address_one": "1100 Congress Ave",
                 *       "address_two": "Unit 4B",
                 *       "city": "Austin",
                 *       "state": "TX",
                 *       "county": "Travis",
                 *       "zip": "78701",
                 *       "latitude": 30.2747,
                 *       "longitude": -97.7404
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example 1100 Congress Ave */
                    address_one?: string;
                    address_two?: string | null;
                    /** @example Austin */
                    city?: string;
                    /** @example TX */
                    state?: string;
                    county?: string | null;
                    /** @example 78701 */
                    zip?: string;
                    latitude?: (number | string) | null;
                    longitude?: (number | string) | null;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getOrderHistory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "c03f179a-1468-454d-88d8-9faf992ba4ed",
                     *         "action": "schedule_inspection",
                     *         "from": "Assigned",
                     *         "to": "Inspection scheduled",
                     *         "by": {
                     *           "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *           "name": "Sam Staffer"
                     *         },
                     *         "acting_for": {
                     *           "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *           "name": "Avery Appraiser"
                     *         },
                     *         "reason": null,
                     *         "details": {
                     *           "inspection_scheduled_at": "2026-12-01T15:00:00.000Z"
                     *         },
                     *         "created_at": "2026-11-27T14:02:11.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listAppraisers: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The panel, by name */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser",
                     *         "email": "avery.appraiser@lonestar.example",
                     *         "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                     *         "open_orders": 6
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Appraiser"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listOrderQueues: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff pipeline's queues: what needs the company now, with counts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "new",
                     *           "name": "New and unassigned",
                     *           "description": "Placed by the lender and waiting to be accepted, not yet offered, open for bids, or back after a rejection, a timeout or a refused negotiation: assign them",
                     *           "statuses": [
                     *             "Pending",
                     *             "Unassigned",
                     *             "Bidding"
                     *           ],
                     *           "count": 3,
                     *           "overdue_count": 1,
                     *           "overdue_count_capped": false,
                     *           "due_soon_count": 1,
                     *           "due_soon_count_capped": false
                     *         }
                     *       ],
                     *       "as_of": "2026-11-27T15:00:00.000Z",
                     *       "due_soon_before": "2026-11-29T15:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OrderQueues"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listAppraiserCandidates: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The panel, by name */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser",
                     *         "email": "avery.appraiser@lonestar.example",
                     *         "open_orders": 6,
                     *         "next_due_dates": [
                     *           "12/10/2026",
                     *           "12/12/2026"
                     *         ],
                     *         "last_accepted_fee": "300.00",
                     *         "last_accepted_on": "11/20/2026",
                     *         "turned_down_this_order": false,
                     *         "is_current": true,
                     *         "credential_problems": []
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AppraiserCandidate"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getAppraiserCredentials: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An appraiser's credentials and what the company confirmed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "appraiser": {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser",
                     *         "email": "avery.appraiser@lonestar.example",
                     *         "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08"
                     *       },
                     *       "licenses": [
                     *         {
                     *           "state": "OK",
                     *           "state_id": "40",
                     *           "number": "13208LRA",
                     *           "level": "licensed",
                     *           "issued_on": null,
                     *           "expires_on": "2027-01-15",
                     *           "standing": "expiring",
                     *           "verified_at": null,
                     *           "verified_by": null,
                     *           "updated_at": "2026-11-24T11:02:00.000Z"
                     *         },
                     *         {
                     *           "state": "TX",
                     *           "state_id": "48",
                     *           "number": "TX-1380423-R",
                     *           "level": "certified_residential",
                     *           "issued_on": "2019-04-01",
                     *           "expires_on": "2027-03-31",
                     *           "standing": "active",
                     *           "verified_at": "2026-11-20T16:12:00.000Z",
                     *           "verified_by": {
                     *             "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *             "name": "Sam Staffer"
                     *           },
                     *           "updated_at": "2026-11-18T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "eo_policy": {
                     *         "carrier": "Liberty Mutual",
                     *         "policy_number": "EO-55-2031",
                     *         "per_claim": "1000000.00",
                     *         "aggregate": "2000000.00",
                     *         "expires_on": "2027-06-30",
                     *         "standing": "active",
                     *         "verified_at": "2026-11-20T16:14:00.000Z",
                     *         "verified_by": {
                     *           "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *           "name": "Sam Staffer"
                     *         },
                     *         "updated_at": "2026-11-18T09:34:00.000Z"
                     *       },
                     *       "fha_roster": true,
                     *       "w9_on_file": true,
                     *       "capacity": 12
                     *     }
                     */
                    "application/json": components["schemas"]["AppraiserCredentials"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    putAppraiserLicense: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
                /**
                 * @description The license's state: USPS code (TX)
                 * @example TX
                 */
                state: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "number": "TX-1380423-R",
                 *       "level": "certified_residential",
                 *       "issued_on": "2019-04-01",
                 *       "expires_on": "2027-03-31"
                 *     }
                 */
                "application/json": components["schemas"]["AppraiserLicenseRequest"];
                /**
                 * @example {
                 *       "number": "TX-1380423-R",
                 *       "level": "certified_residential",
                 *       "issued_on": "2019-04-01",
                 *       "expires_on": "2027-03-31"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description As the state issued it
                     * @example TX-1380423-R
                     */
                    number: string;
                    /**
                     * @description trainee, licensed, certified_residential or certified_general
                     * @example certified_residential
                     * @enum {unknown}
                     */
                    level: "trainee" | "licensed" | "certified_residential" | "certified_general";
                    issued_on?: string | null;
                    /**
                     * @description YYYY-MM-DD: the last day it is valid
                     * @example 2027-03-31
                     */
                    expires_on: string;
                };
            };
        };
        responses: {
            /** @description The license, as it now is */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "state": "TX",
                     *       "state_id": "48",
                     *       "number": "TX-1380423-R",
                     *       "level": "certified_residential",
                     *       "issued_on": "2019-04-01",
                     *       "expires_on": "2027-03-31",
                     *       "standing": "active",
                     *       "verified_at": "2026-11-20T16:12:00.000Z",
                     *       "verified_by": {
                     *         "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *         "name": "Sam Staffer"
                     *       },
                     *       "updated_at": "2026-11-18T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["AppraiserLicense"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAppraiserLicense: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
                /**
                 * @description The license's state: USPS code (TX)
                 * @example TX
                 */
                state: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyAppraiserLicense: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
                /**
                 * @description The license's state: USPS code (TX)
                 * @example TX
                 */
                state: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The license, verified */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "state": "TX",
                     *       "state_id": "48",
                     *       "number": "TX-1380423-R",
                     *       "level": "certified_residential",
                     *       "issued_on": "2019-04-01",
                     *       "expires_on": "2027-03-31",
                     *       "standing": "active",
                     *       "verified_at": "2026-11-20T16:12:00.000Z",
                     *       "verified_by": {
                     *         "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *         "name": "Sam Staffer"
                     *       },
                     *       "updated_at": "2026-11-18T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["AppraiserLicense"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    putAppraiserEoPolicy: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "carrier": "Liberty Mutual",
                 *       "policy_number": "EO-55-2031",
                 *       "per_claim": "1000000.00",
                 *       "aggregate": "2000000.00",
                 *       "expires_on": "2027-06-30"
                 *     }
                 */
                "application/json": components["schemas"]["EoPolicyRequest"];
                /**
                 * @example {
                 *       "carrier": "Liberty Mutual",
                 *       "policy_number": "EO-55-2031",
                 *       "per_claim": "1000000.00",
                 *       "aggregate": "2000000.00",
                 *       "expires_on": "2027-06-30"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example Liberty Mutual */
                    carrier: string;
                    /** @example EO-55-2031 */
                    policy_number: string;
                    /**
                     * @description Coverage per claim, e.g. 1000000.00
                     * @example 1000000.00
                     */
                    per_claim: string;
                    aggregate?: string | null;
                    /**
                     * @description YYYY-MM-DD: the last day it covers
                     * @example 2027-06-30
                     */
                    expires_on: string;
                };
            };
        };
        responses: {
            /** @description The policy, as it now is */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "carrier": "Liberty Mutual",
                     *       "policy_number": "EO-55-2031",
                     *       "per_claim": "1000000.00",
                     *       "aggregate": "2000000.00",
                     *       "expires_on": "2027-06-30",
                     *       "standing": "active",
                     *       "verified_at": "2026-11-20T16:14:00.000Z",
                     *       "verified_by": {
                     *         "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *         "name": "Sam Staffer"
                     *       },
                     *       "updated_at": "2026-11-18T09:34:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["EoPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAppraiserEoPolicy: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyAppraiserEoPolicy: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy, verified */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "carrier": "Liberty Mutual",
                     *       "policy_number": "EO-55-2031",
                     *       "per_claim": "1000000.00",
                     *       "aggregate": "2000000.00",
                     *       "expires_on": "2027-06-30",
                     *       "standing": "active",
                     *       "verified_at": "2026-11-20T16:14:00.000Z",
                     *       "verified_by": {
                     *         "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *         "name": "Sam Staffer"
                     *       },
                     *       "updated_at": "2026-11-18T09:34:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["EoPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    patchAppraiserProfile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "fha_roster": true,
                 *       "w9_on_file": true,
                 *       "capacity": 12
                 *     }
                 */
                "application/json": components["schemas"]["AppraiserProfileRequest"];
                /**
                 * @example {
                 *       "fha_roster": true,
                 *       "w9_on_file": true,
                 *       "capacity": 12
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Staff only
                     * @example true
                     */
                    fha_roster?: boolean;
                    /**
                     * @description Staff only
                     * @example true
                     */
                    w9_on_file?: boolean;
                    /** @example 12 */
                    capacity?: number | null;
                };
            };
        };
        responses: {
            /** @description The credentials, as they now are */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "appraiser": {
                     *         "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                     *         "name": "Avery Appraiser",
                     *         "email": "avery.appraiser@lonestar.example",
                     *         "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08"
                     *       },
                     *       "licenses": [
                     *         {
                     *           "state": "OK",
                     *           "state_id": "40",
                     *           "number": "13208LRA",
                     *           "level": "licensed",
                     *           "issued_on": null,
                     *           "expires_on": "2027-01-15",
                     *           "standing": "expiring",
                     *           "verified_at": null,
                     *           "verified_by": null,
                     *           "updated_at": "2026-11-24T11:02:00.000Z"
                     *         },
                     *         {
                     *           "state": "TX",
                     *           "state_id": "48",
                     *           "number": "TX-1380423-R",
                     *           "level": "certified_residential",
                     *           "issued_on": "2019-04-01",
                     *           "expires_on": "2027-03-31",
                     *           "standing": "active",
                     *           "verified_at": "2026-11-20T16:12:00.000Z",
                     *           "verified_by": {
                     *             "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *             "name": "Sam Staffer"
                     *           },
                     *           "updated_at": "2026-11-18T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "eo_policy": {
                     *         "carrier": "Liberty Mutual",
                     *         "policy_number": "EO-55-2031",
                     *         "per_claim": "1000000.00",
                     *         "aggregate": "2000000.00",
                     *         "expires_on": "2027-06-30",
                     *         "standing": "active",
                     *         "verified_at": "2026-11-20T16:14:00.000Z",
                     *         "verified_by": {
                     *           "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *           "name": "Sam Staffer"
                     *         },
                     *         "updated_at": "2026-11-18T09:34:00.000Z"
                     *       },
                     *       "fha_roster": true,
                     *       "w9_on_file": true,
                     *       "capacity": 12
                     *     }
                     */
                    "application/json": components["schemas"]["AppraiserCredentials"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listAppraiserCredentialChanges: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The appraiser (their user id)
                 * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                 */
                appraiser_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "1f0e6c5d-2b3a-4c9d-8e7f-6a5b4c3d2e1f",
                     *         "change": "license_recorded",
                     *         "by": {
                     *           "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *           "name": "Sam Staffer"
                     *         },
                     *         "acted_by": {
                     *           "id": "7d3b2a19-8c4e-4f6a-9b1d-2e3f4a5b6c7d",
                     *           "name": "Olive Operator"
                     *         },
                     *         "before": {
                     *           "state_id": "48",
                     *           "number": "TX-1380423-R",
                     *           "level": "licensed",
                     *           "issued_on": "2019-04-01",
                     *           "expires_on": "2027-03-31"
                     *         },
                     *         "after": {
                     *           "state_id": "48",
                     *           "number": "TX-1380423-R",
                     *           "level": "certified_residential",
                     *           "issued_on": "2019-04-01",
                     *           "expires_on": "2027-03-31"
                     *         },
                     *         "at": "2026-11-18T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CredentialChange"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    place: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    declineOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Outside our coverage area"
                 *     }
                 */
                "application/json": components["schemas"]["DeclineOrderRequest"];
                /**
                 * @example {
                 *       "reason": "Outside our coverage area"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why the order is declined
                     * @example Outside our coverage area
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    waivePayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Paid by check at closing"
                 *     }
                 */
                "application/json": components["schemas"]["WaivePaymentRequest"];
                /**
                 * @example {
                 *       "reason": "Paid by check at closing"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why; recorded in the history
                     * @example Paid by check at closing
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    startBidding: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    autoAssign: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    assign: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "appraiser_id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                 *       "fee": "300.00",
                 *       "due_date": "12/12/2026"
                 *     }
                 */
                "application/json": components["schemas"]["AssignRequest"];
                /**
                 * @example {
                 *       "appraiser_id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                 *       "fee": "300.00",
                 *       "due_date": "12/12/2026"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description An appraiser of the order's company
                     * @example c6427c15-337f-4e88-8c72-bb4f499bfc66
                     */
                    appraiser_id: string;
                    /**
                     * @description The appraiser's fee: a decimal amount, e.g. 450 or 450.00
                     * @example 300.00
                     */
                    fee?: string;
                    /**
                     * @description When the appraiser must deliver: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 12/12/2026
                     */
                    due_date?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptAssignment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "fee_condition": "350.00",
                 *       "due_date_condition": "12/18/2026",
                 *       "comments": "A second dwelling on the lot"
                 *     }
                 */
                "application/json": components["schemas"]["AcceptAssignmentRequest"];
                /**
                 * @example {
                 *       "fee_condition": "350.00",
                 *       "due_date_condition": "12/18/2026",
                 *       "comments": "A second dwelling on the lot"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The fee the appraiser asks: a decimal amount, e.g. 450 or 450.00
                     * @example 350.00
                     */
                    fee_condition?: string;
                    /**
                     * @description The due date the appraiser asks: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 12/18/2026
                     */
                    due_date_condition?: string;
                    /** @example A second dwelling on the lot */
                    comments?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    rejectAssignment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Too far from my area this week"
                 *     }
                 */
                "application/json": components["schemas"]["RejectAssignmentRequest"];
                /**
                 * @example {
                 *       "reason": "Too far from my area this week"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why the offer is declined
                     * @example Too far from my area this week
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    approveAssignmentCondition: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_total_fee": "500.00",
                 *       "client_due_date": "12/18/2026",
                 *       "client_comments": "The appraiser needs three more days for the second dwelling"
                 *     }
                 */
                "application/json": components["schemas"]["ApproveAssignmentConditionRequest"];
                /**
                 * @example {
                 *       "client_total_fee": "500.00",
                 *       "client_due_date": "12/18/2026",
                 *       "client_comments": "The appraiser needs three more days for the second dwelling"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The lender's total fee to ask for (the current total plus the appraiser's increase passes it on); left out: the lender's fee stays, and the company absorbs any increase: a decimal amount, e.g. 450 or 450.00
                     * @example 500.00
                     */
                    client_total_fee?: string;
                    /**
                     * @description The lender's due date to ask for; left out: the appraiser's date when later than the lender's: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 12/18/2026
                     */
                    client_due_date?: string;
                    /**
                     * @description The company's words to the lender about the new terms
                     * @example The appraiser needs three more days for the second dwelling
                     */
                    client_comments?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    rejectAssignmentCondition: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestNegotiation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "fee": "500.00",
                 *       "due_date": "12/18/2026",
                 *       "reason": "The property has a second dwelling"
                 *     }
                 */
                "application/json": components["schemas"]["RequestNegotiationRequest"];
                /**
                 * @example {
                 *       "fee": "500.00",
                 *       "due_date": "12/18/2026",
                 *       "reason": "The property has a second dwelling"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The new total fee of the order: a decimal amount, e.g. 450 or 450.00
                     * @example 500.00
                     */
                    fee?: string;
                    /**
                     * @description The new due date: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 12/18/2026
                     */
                    due_date?: string;
                    /**
                     * @description Why; recorded in the history
                     * @example The property has a second dwelling
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    approveNegotiation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    refuseNegotiation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Over the budget for this loan"
                 *     }
                 */
                "application/json": components["schemas"]["RefuseNegotiationRequest"];
                /**
                 * @example {
                 *       "reason": "Over the budget for this loan"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why; recorded in the history
                     * @example Over the budget for this loan
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    scheduleInspection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inspection_scheduled_at": "2026-12-01T09:00"
                 *     }
                 */
                "application/json": components["schemas"]["ScheduleInspectionRequest"];
                /**
                 * @example {
                 *       "inspection_scheduled_at": "2026-12-01T09:00"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description When the inspection takes place; now or later: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 2026-12-01T09:00
                     */
                    inspection_scheduled_at: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    completeInspection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "inspected_at": "2026-12-01T10:10"
                 *     }
                 */
                "application/json": components["schemas"]["CompleteInspectionRequest"];
                /**
                 * @example {
                 *       "inspected_at": "2026-12-01T10:10"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description When the inspection took place, at or after the scheduled time and not in the future; default: now: YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone
                     * @example 2026-12-01T10:10
                     */
                    inspected_at?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files[][attachment]": [
                 *         "%PDF-1.7 (the bytes of the file)"
                 *       ],
                 *       "files[][file_type]": [
                 *         "appraisal_pdf"
                 *       ],
                 *       "files[][product_id]": [
                 *         "3eab2c91-7cf5-440b-8a56-9aea960e46d6"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    "files[][attachment]"?: Blob[];
                    "files[][file_id]"?: string[];
                    "files[][file_type]": ("appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter")[];
                    "files[][product_id]"?: string[];
                };
                /**
                 * @example {
                 *       "files": [
                 *         {
                 *           "file_id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                 *           "file_type": "appraisal_pdf",
                 *           "product_id": "3eab2c91-7cf5-440b-8a56-9aea960e46d6"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Sent as files[][attachment], files[][file_type], files[][product_id] (or files[0][...]); or as JSON with file_id instead of attachment */
                    files: {
                        /**
                         * @description Instead of attachment: a file you uploaded to this order before (POST /orders/{order_id}/files), so that each file can be sent, and sent again, on its own
                         * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
                         */
                        file_id?: string;
                        /**
                         * @example appraisal_pdf
                         * @enum {unknown}
                         */
                        file_type: "appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter";
                        /**
                         * @description One of the order's products
                         * @example 3eab2c91-7cf5-440b-8a56-9aea960e46d6
                         */
                        product_id?: string;
                    }[];
                };
                /**
                 * @example {
                 *       "files[][file_id]": [
                 *         "5a6871fb-6a7f-4dbd-9018-534c08339562"
                 *       ],
                 *       "files[][file_type]": [
                 *         "appraisal_pdf"
                 *       ],
                 *       "files[][product_id]": [
                 *         "3eab2c91-7cf5-440b-8a56-9aea960e46d6"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    "files[][file_id]"?: string[];
                    "files[][file_type]": ("appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter")[];
                    "files[][product_id]"?: string[];
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    retrySubmissionFee: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            402: components["responses"]["PaymentDeclined"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    startReview: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requireAction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Comparable 2 is outside the neighborhood"
                 *     }
                 */
                "application/json": components["schemas"]["RequireActionRequest"];
                /**
                 * @example {
                 *       "reason": "Comparable 2 is outside the neighborhood"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What the appraiser must fix
                     * @example Comparable 2 is outside the neighborhood
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestCompletion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    approveReport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestRevision: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "comments": "Please add a third comparable sale from the same subdivision",
                 *       "attachments[]": [
                 *         "%PDF-1.7 (the bytes of the file)"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * @description What to revise
                     * @example Please add a third comparable sale from the same subdivision
                     */
                    comments: string;
                    /** @description Files, sent as attachments[] */
                    "attachments[]"?: Blob[];
                };
                /**
                 * @example {
                 *       "comments": "Please add a third comparable sale from the same subdivision"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What to revise
                     * @example Please add a third comparable sale from the same subdivision
                     */
                    comments: string;
                };
                /**
                 * @example {
                 *       "comments": "Please add a third comparable sale from the same subdivision"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What to revise
                     * @example Please add a third comparable sale from the same subdivision
                     */
                    comments: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestReconsiderationOfValue: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "alternate_closed_sales",
                 *       "summary": "Two closer sales closed last month",
                 *       "attachments[]": [
                 *         "%PDF-1.7 (the bytes of the file)"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * @example alternate_closed_sales
                     * @enum {unknown}
                     */
                    reason: "alternate_closed_sales" | "general_errors" | "subject_errors";
                    /**
                     * @description What should be reconsidered, and why
                     * @example Two closer sales closed last month
                     */
                    summary: string;
                    /** @example <p>412 Lavaca St, sold 11/02/2026 for $455,000</p> */
                    supporting_data?: string;
                    /** @description Files, sent as attachments[] */
                    "attachments[]"?: Blob[];
                };
                /**
                 * @example {
                 *       "reason": "alternate_closed_sales",
                 *       "summary": "Two closer sales closed last month",
                 *       "supporting_data": "<p>412 Lavaca St, sold 11/02/2026 for $455,000</p>"
                 *     }
                 */
                "application/json": {
                    /**
                     * @example alternate_closed_sales
                     * @enum {unknown}
                     */
                    reason: "alternate_closed_sales" | "general_errors" | "subject_errors";
                    /**
                     * @description What should be reconsidered, and why
                     * @example Two closer sales closed last month
                     */
                    summary: string;
                    /** @example <p>412 Lavaca St, sold 11/02/2026 for $455,000</p> */
                    supporting_data?: string;
                };
                /**
                 * @example {
                 *       "reason": "alternate_closed_sales",
                 *       "summary": "Two closer sales closed last month",
                 *       "supporting_data": "<p>412 Lavaca St, sold 11/02/2026 for $455,000</p>"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @example alternate_closed_sales
                     * @enum {unknown}
                     */
                    reason: "alternate_closed_sales" | "general_errors" | "subject_errors";
                    /**
                     * @description What should be reconsidered, and why
                     * @example Two closer sales closed last month
                     */
                    summary: string;
                    /** @example <p>412 Lavaca St, sold 11/02/2026 for $455,000</p> */
                    supporting_data?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    forwardRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comments": "Please check the living area against the plans",
                 *       "include_attachments": true
                 *     }
                 */
                "application/json": components["schemas"]["ForwardRequestRequest"];
                /**
                 * @example {
                 *       "comments": "Please check the living area against the plans",
                 *       "include_attachments": true
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What the appraiser reads; left out: the client's request as it was written
                     * @example Please check the living area against the plans
                     */
                    comments?: string;
                    /**
                     * @description Share the request's attachments with the appraiser (default: true)
                     * @example true
                     */
                    include_attachments?: boolean;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    answerRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "comments": "The sales named closed after the effective date of the appraisal."
                 *     }
                 */
                "application/json": components["schemas"]["AnswerRequestRequest"];
                /**
                 * @example {
                 *       "comments": "The sales named closed after the effective date of the appraisal."
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The answer to the client
                     * @example The sales named closed after the effective date of the appraisal.
                     */
                    comments: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    fulfill: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    hold: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "The borrower is travelling until December 5"
                 *     }
                 */
                "application/json": components["schemas"]["HoldRequest"];
                /**
                 * @example {
                 *       "reason": "The borrower is travelling until December 5"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why; recorded in the history
                     * @example The borrower is travelling until December 5
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    resume: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    flagAttention: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "The borrower called about the inspection time"
                 *     }
                 */
                "application/json": components["schemas"]["FlagAttentionRequest"];
                /**
                 * @example {
                 *       "reason": "The borrower called about the inspection time"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What needs attention
                     * @example The borrower called about the inspection time
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    clearAttention: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestInfo: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "We need the gate code"
                 *     }
                 */
                "application/json": components["schemas"]["RequestInfoRequest"];
                /**
                 * @example {
                 *       "reason": "We need the gate code"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What information is needed
                     * @example We need the gate code
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    provideInfo: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "comments": "Gate code 1234"
                 *     }
                 */
                "application/json": components["schemas"]["ProvideInfoRequest"];
                /**
                 * @example {
                 *       "comments": "Gate code 1234"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The information asked for
                     * @example Gate code 1234
                     */
                    comments: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    requestCancel: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "The purchase fell through"
                 *     }
                 */
                "application/json": components["schemas"]["RequestCancelRequest"];
                /**
                 * @example {
                 *       "reason": "The purchase fell through"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why; recorded in the history
                     * @example The purchase fell through
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    denyCancel: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "The report is nearly done; the inspection fee is due"
                 *     }
                 */
                "application/json": components["schemas"]["DenyCancelRequest"];
                /**
                 * @example {
                 *       "reason": "The report is nearly done; the inspection fee is due"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why the order goes on
                     * @example The report is nearly done; the inspection fee is due
                     */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    cancel: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "The loan was withdrawn"
                 *     }
                 */
                "application/json": components["schemas"]["CancelRequest"];
                /**
                 * @example {
                 *       "reason": "The loan was withdrawn"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Why; recorded in the history
                     * @example The loan was withdrawn
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The action was taken */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": {
                     *         "id": "inspection_scheduled",
                     *         "name": "Inspection scheduled",
                     *         "category": "in_progress"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listOrderFiles: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order's files */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                     *         "created_at": "11/27/2026",
                     *         "created_at_iso": "2026-11-27T15:42:07.318Z",
                     *         "file_type": {
                     *           "id": "ef464c66-bf25-4a61-9099-6432df7ff631",
                     *           "name": "Appraisal Report (PDF)",
                     *           "slug": "appraisal_pdf"
                     *         },
                     *         "filename": "appraisal-report.pdf",
                     *         "link": "https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E",
                     *         "audience": "everyone",
                     *         "note_id": null,
                     *         "submission": 1,
                     *         "released": true
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["File"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    uploadOrderFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "attachment": "%PDF-1.7 (the bytes of the file)",
                 *       "file_type": "appraisal_pdf",
                 *       "audience": "everyone"
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A file part of a multipart/form-data body: any media type, sent with the file's own Content-Type
                     * @example %PDF-1.7 (the bytes of the file)
                     */
                    attachment: Blob;
                    /**
                     * @example appraisal_pdf
                     * @enum {unknown}
                     */
                    file_type: "appraisal_pdf" | "appraisal_xml" | "appraisal_env" | "appraisal_misc" | "ssr_fannie_mae" | "ssr_freddie_mac" | "ssr_ead" | "purchase_agreement" | "appraiser_invoice" | "certificate_of_compliance" | "sales_contract" | "settlement_statement" | "survey" | "title" | "plans_specs" | "other" | "addendum" | "workflow_action_confirmation" | "rehab_budget" | "third_party_data_collection_report" | "engagement_letter";
                    /**
                     * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
                     * @example everyone
                     * @enum {unknown}
                     */
                    audience?: "internal" | "appraiser" | "client" | "everyone";
                };
            };
        };
        responses: {
            /** @description The file just uploaded */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                     *       "created_at": "11/27/2026",
                     *       "created_at_iso": "2026-11-27T15:42:07.318Z",
                     *       "file_type": {
                     *         "id": "ef464c66-bf25-4a61-9099-6432df7ff631",
                     *         "name": "Appraisal Report (PDF)",
                     *         "slug": "appraisal_pdf"
                     *       },
                     *       "filename": "appraisal-report.pdf",
                     *       "link": "https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E",
                     *       "audience": "everyone",
                     *       "note_id": null,
                     *       "submission": 1,
                     *       "released": true,
                     *       "attachment_key": "orders/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f/5a6871fb-6a7f-4dbd-9018-534c08339562"
                     *     }
                     */
                    "application/json": components["schemas"]["UploadedFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    changeOrderFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description The file
                 * @example 5a6871fb-6a7f-4dbd-9018-534c08339562
                 */
                file_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "audience": "everyone"
                 *     }
                 */
                "application/json": components["schemas"]["FileChangeRequest"];
                /**
                 * @example {
                 *       "audience": "everyone"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
                     * @example everyone
                     * @enum {unknown}
                     */
                    audience: "internal" | "appraiser" | "client" | "everyone";
                };
            };
        };
        responses: {
            /** @description The file as it now is */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                     *       "created_at": "11/27/2026",
                     *       "created_at_iso": "2026-11-27T15:42:07.318Z",
                     *       "file_type": {
                     *         "id": "ef464c66-bf25-4a61-9099-6432df7ff631",
                     *         "name": "Appraisal Report (PDF)",
                     *         "slug": "appraisal_pdf"
                     *       },
                     *       "filename": "appraisal-report.pdf",
                     *       "link": "https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E",
                     *       "audience": "everyone",
                     *       "note_id": null,
                     *       "submission": 1,
                     *       "released": true
                     *     }
                     */
                    "application/json": components["schemas"]["File"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listOrderNotes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order's notes */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *         "additional_emails": [
                     *           "agent@realty.example"
                     *         ],
                     *         "attachments": [
                     *           {
                     *             "filename": "gate-map.pdf",
                     *             "link": "https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E"
                     *           }
                     *         ],
                     *         "author_name": "Casey Client",
                     *         "content": "<p>The gate code is <b>1234</b>; the dog is friendly.</p>",
                     *         "created_at": "11/27/2026",
                     *         "created_at_iso": "2026-11-27T14:05:31.902Z",
                     *         "important": true,
                     *         "subject": "Access to the property",
                     *         "audience": "everyone",
                     *         "forwarded_from": {
                     *           "id": "b2f1e0d9-8c7b-4a6f-9e5d-4c3b2a190817",
                     *           "author_name": "Casey Client"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Note"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createOrderNote: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "<p>The gate code is <b>1234</b>; the dog is friendly.</p>",
                 *       "subject": "Access to the property",
                 *       "important": true,
                 *       "additional_emails": [
                 *         "agent@realty.example"
                 *       ],
                 *       "audience": "everyone"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description HTML; sanitized
                     * @example <p>The gate code is <b>1234</b>; the dog is friendly.</p>
                     */
                    content: string;
                    subject?: string | null;
                    important?: boolean | null;
                    /** @description Sent as additional_emails[]: each receives the note by email (never someone of the order whom the note's audience leaves out) */
                    additional_emails?: string[];
                    /**
                     * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
                     * @example everyone
                     * @enum {unknown}
                     */
                    audience?: "internal" | "appraiser" | "client" | "everyone";
                };
                /**
                 * @example {
                 *       "content": "<p>The gate code is <b>1234</b>; the dog is friendly.</p>",
                 *       "subject": "Access to the property",
                 *       "important": true,
                 *       "additional_emails[]": [
                 *         "agent@realty.example"
                 *       ],
                 *       "audience": "everyone"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description HTML; sanitized
                     * @example <p>The gate code is <b>1234</b>; the dog is friendly.</p>
                     */
                    content: string;
                    subject?: string | null;
                    important?: boolean | null;
                    /** @description Sent as additional_emails[]: each receives the note by email (never someone of the order whom the note's audience leaves out) */
                    "additional_emails[]"?: string[];
                    /**
                     * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
                     * @example everyone
                     * @enum {unknown}
                     */
                    audience?: "internal" | "appraiser" | "client" | "everyone";
                };
                /**
                 * @example {
                 *       "content": "<p>The gate code is <b>1234</b>; the dog is friendly.</p>",
                 *       "subject": "Access to the property",
                 *       "additional_emails[]": [
                 *         "agent@realty.example"
                 *       ],
                 *       "audience": "everyone",
                 *       "attachments[]": [
                 *         "%PDF-1.7 (the bytes of the file)"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * @description HTML; sanitized
                     * @example <p>The gate code is <b>1234</b>; the dog is friendly.</p>
                     */
                    content: string;
                    subject?: string | null;
                    important?: boolean | null;
                    /** @description Sent as additional_emails[]: each receives the note by email (never someone of the order whom the note's audience leaves out) */
                    "additional_emails[]"?: string[];
                    /**
                     * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
                     * @example everyone
                     * @enum {unknown}
                     */
                    audience?: "internal" | "appraiser" | "client" | "everyone";
                    /** @description Sent as attachments[] */
                    "attachments[]"?: Blob[];
                };
            };
        };
        responses: {
            /** @description A note on the order */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *       "additional_emails": [
                     *         "agent@realty.example"
                     *       ],
                     *       "attachments": [
                     *         {
                     *           "filename": "gate-map.pdf",
                     *           "link": "https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E"
                     *         }
                     *       ],
                     *       "author_name": "Casey Client",
                     *       "content": "<p>The gate code is <b>1234</b>; the dog is friendly.</p>",
                     *       "created_at": "11/27/2026",
                     *       "created_at_iso": "2026-11-27T14:05:31.902Z",
                     *       "important": true,
                     *       "subject": "Access to the property",
                     *       "audience": "everyone",
                     *       "forwarded_from": {
                     *         "id": "b2f1e0d9-8c7b-4a6f-9e5d-4c3b2a190817",
                     *         "author_name": "Casey Client"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Note"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    forwardOrderNote: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description The note
                 * @example a3bbbc97-c82d-468a-86ea-17fc41c39760
                 */
                note_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "audience": "appraiser",
                 *       "content": "<p>From the lender: the gate code is <b>1234</b>.</p>",
                 *       "subject": "Access to the property",
                 *       "include_attachments": true
                 *     }
                 */
                "application/json": components["schemas"]["ForwardNoteRequest"];
                /**
                 * @example {
                 *       "audience": "appraiser",
                 *       "content": "<p>From the lender: the gate code is <b>1234</b>.</p>",
                 *       "subject": "Access to the property",
                 *       "include_attachments": true
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Who besides the appraisal company sees it: internal, the company only; appraiser, the company and the appraiser; client, the company and the lender; everyone, the company, the lender and the appraiser
                     * @example everyone
                     * @enum {unknown}
                     */
                    audience?: "internal" | "appraiser" | "client" | "everyone";
                    /**
                     * @description The words passed on (HTML; sanitized); default: the original's
                     * @example <p>From the lender: the gate code is <b>1234</b>.</p>
                     */
                    content?: string;
                    subject?: string | null;
                    /**
                     * @description Pass the original's attachments on too (default: true)
                     * @example true
                     */
                    include_attachments?: boolean;
                };
            };
        };
        responses: {
            /** @description The forward */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *       "additional_emails": [
                     *         "agent@realty.example"
                     *       ],
                     *       "attachments": [
                     *         {
                     *           "filename": "gate-map.pdf",
                     *           "link": "https://appraisals.example.com/files/5a6871fb-6a7f-4dbd-9018-534c08339562?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E"
                     *         }
                     *       ],
                     *       "author_name": "Casey Client",
                     *       "content": "<p>The gate code is <b>1234</b>; the dog is friendly.</p>",
                     *       "created_at": "11/27/2026",
                     *       "created_at_iso": "2026-11-27T14:05:31.902Z",
                     *       "important": true,
                     *       "subject": "Access to the property",
                     *       "audience": "everyone",
                     *       "forwarded_from": {
                     *         "id": "b2f1e0d9-8c7b-4a6f-9e5d-4c3b2a190817",
                     *         "author_name": "Casey Client"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Note"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    addOrderParty: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "party": {
                 *         "name": "Sally Seller",
                 *         "role": "Seller's Agent",
                 *         "poc": false,
                 *         "emails": [
                 *           "sally@realty.example"
                 *         ],
                 *         "phones": [
                 *           "512-555-0199"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreatePartyRequest"];
                /**
                 * @example {
                 *       "party[name]": "Sally Seller",
                 *       "party[role]": "Seller's Agent",
                 *       "party[poc]": false,
                 *       "party[emails][]": [
                 *         "sally@realty.example"
                 *       ],
                 *       "party[phones][]": [
                 *         "512-555-0199"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @example Sally Seller */
                    "party[name]": string;
                    /**
                     * @description A role title as you name it ("Loan Officer", "Seller's Agent"); answered as written. Common roles share a key whatever the spelling: borrower, co_borrower, buyer_agent, seller_agent, listing_agent, seller, buyer, loan_officer, processor, client_manager, underwriter, closer, attorney, title_agent, builder, property_manager, owner, occupant, tenant, other
                     * @example Seller's Agent
                     */
                    "party[role]": string;
                    /** @description Whether the party is a point of contact (a boolean, or the text true or false) */
                    "party[poc]": boolean | ("true" | "false");
                    "party[emails][]"?: string[];
                    "party[phones][]"?: string[];
                };
            };
        };
        responses: {
            /** @description The new party */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                     *       "email": "otto@occupant.example",
                     *       "emails": [
                     *         "otto@occupant.example"
                     *       ],
                     *       "name": "Otto Occupant",
                     *       "phone": "512-555-0102",
                     *       "phones": [
                     *         "512-555-0102"
                     *       ],
                     *       "poc": true,
                     *       "role": "Occupant",
                     *       "role_key": "occupant"
                     *     }
                     */
                    "application/json": components["schemas"]["Party"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    togglePartyPointOfContact: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description The party
                 * @example 9ae45bbb-fa1b-4402-929b-dbb5d1e360a3
                 */
                party_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "poc": true
                 *     }
                 */
                "application/json": components["schemas"]["TogglePointOfContactRequest"];
                /**
                 * @example {
                 *       "poc": true
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description Whether the party is a point of contact (a boolean, or the text true or false) */
                    poc: boolean | ("true" | "false");
                };
            };
        };
        responses: {
            /** @description Set */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    togglePartyPointOfContactPost: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
                /**
                 * @description The party
                 * @example 9ae45bbb-fa1b-4402-929b-dbb5d1e360a3
                 */
                party_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "poc": true
                 *     }
                 */
                "application/json": components["schemas"]["TogglePointOfContactRequest"];
                /**
                 * @example {
                 *       "poc": true
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description Whether the party is a point of contact (a boolean, or the text true or false) */
                    poc: boolean | ("true" | "false");
                };
            };
        };
        responses: {
            /** @description Set */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getOrderPayments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order's invoice and payments */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": "$250.00",
                     *       "total": "$450.00",
                     *       "total_paid": "$200.00",
                     *       "input_credit_card_link": "https://appraisals.example.com/pay/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E",
                     *       "card_page_lock": null,
                     *       "pdf_link": "https://appraisals.example.com/invoices/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E",
                     *       "items": [
                     *         {
                     *           "amount": "$450.00",
                     *           "product_name": "Single Family Appraisal (1004)"
                     *         }
                     *       ],
                     *       "payments": [
                     *         {
                     *           "amount": "$200.00",
                     *           "confirmed_at": "11/27/2026",
                     *           "created_at": "11/27/2026",
                     *           "method": "credit_card",
                     *           "paid_by": "Paid with **** 4242",
                     *           "receipt_link": "https://appraisals.example.com/receipts/a29a39ca-badc-414e-aa9a-144c144fd16a?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    sendPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "emails": [
                 *         "bea@borrower.example"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SendPaymentLinkRequest"];
                /**
                 * @example {
                 *       "emails[]": [
                 *         "bea@borrower.example"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    "emails[]": string[];
                };
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updatePaymentMethod: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payment_method": "payment_link"
                 *     }
                 */
                "application/json": components["schemas"]["UpdatePaymentMethodRequest"];
                /**
                 * @example {
                 *       "payment_method": "payment_link"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @example payment_link
                     * @enum {unknown}
                     */
                    payment_method: "payment_link" | "invoice" | "credit_card";
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getOrderTimeline: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
                /** @description newest first (the default) or oldest first */
                sort?: "newest" | "oldest";
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The order
                 * @example 6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f
                 */
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the order's timeline (pagination.next_cursor is always null: pages go by number) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "acting_for": null,
                     *           "change": null,
                     *           "note": null,
                     *           "file": null,
                     *           "email": null,
                     *           "payment": {
                     *             "amount": "450.00",
                     *             "method": "credit_card",
                     *             "paid_by": "Paid with **** 4242"
                     *           },
                     *           "id": "a29a39ca-badc-414e-aa9a-144c144fd16a",
                     *           "type": "payment",
                     *           "at": "2026-11-28T09:30:00.000Z",
                     *           "actor": null,
                     *           "summary": "Payment of 450.00 received (Paid with **** 4242)",
                     *           "audience": "client"
                     *         },
                     *         {
                     *           "acting_for": null,
                     *           "change": null,
                     *           "note": null,
                     *           "file": null,
                     *           "email": {
                     *             "topic": "payment_due",
                     *             "subject": "Payment due: order AOM-00000042",
                     *             "to": [
                     *               "casey.client@hillcountry.example"
                     *             ],
                     *             "status": "sent",
                     *             "sent_at": "2026-11-27T16:05:14.020Z"
                     *           },
                     *           "payment": null,
                     *           "id": "0d4e8f62-5b1a-4c3d-9e7f-a1b2c3d4e5f6",
                     *           "type": "email",
                     *           "at": "2026-11-27T16:05:12.901Z",
                     *           "actor": null,
                     *           "summary": "Email to casey.client@hillcountry.example: Payment due: order AOM-00000042",
                     *           "audience": "client"
                     *         },
                     *         {
                     *           "acting_for": null,
                     *           "change": {
                     *             "action": "request_completion",
                     *             "from": "In review",
                     *             "to": "Completion payment hold",
                     *             "reason": null
                     *           },
                     *           "note": null,
                     *           "file": null,
                     *           "email": null,
                     *           "payment": null,
                     *           "id": "c03f179a-1468-454d-88d8-9faf992ba4ed",
                     *           "type": "status_change",
                     *           "at": "2026-11-27T16:05:12.345Z",
                     *           "actor": {
                     *             "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *             "name": "Sam Staffer"
                     *           },
                     *           "summary": "Request completion: In review → Completion payment hold",
                     *           "audience": "everyone"
                     *         },
                     *         {
                     *           "acting_for": null,
                     *           "change": null,
                     *           "note": null,
                     *           "file": {
                     *             "filename": "appraisal-report.pdf",
                     *             "file_type": "appraisal_pdf"
                     *           },
                     *           "email": null,
                     *           "payment": null,
                     *           "id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                     *           "type": "file",
                     *           "at": "2026-11-27T15:40:00.000Z",
                     *           "actor": {
                     *             "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                     *             "name": "Sam Staffer"
                     *           },
                     *           "summary": "Appraisal Report (PDF): appraisal-report.pdf",
                     *           "audience": "everyone"
                     *         },
                     *         {
                     *           "acting_for": null,
                     *           "change": null,
                     *           "note": {
                     *             "subject": "Access to the property",
                     *             "important": true
                     *           },
                     *           "file": null,
                     *           "email": null,
                     *           "payment": null,
                     *           "id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                     *           "type": "note",
                     *           "at": "2026-11-26T10:15:00.000Z",
                     *           "actor": {
                     *             "id": "4080d07e-e341-43d4-bb37-72dba9b07256",
                     *             "name": "Casey Client"
                     *           },
                     *           "summary": "Note from Casey Client: Access to the property",
                     *           "audience": "everyone"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "current_page": 1,
                     *         "total_pages": 3,
                     *         "total_count": 61,
                     *         "per_page": 25,
                     *         "has_next_page": true,
                     *         "has_prev_page": false,
                     *         "total_count_is_estimate": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TimelinePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "896bae8c-99c4-4b8f-8fbf-71b314820fb9",
                     *         "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *         "url": "https://los.hillcountry.example/hooks/aoms",
                     *         "event_types": [
                     *           "order.created",
                     *           "order.status_changed"
                     *         ],
                     *         "active": true,
                     *         "description": "Our loan origination system",
                     *         "disabled_at": null,
                     *         "disabled_reason": null,
                     *         "created_at": "2026-11-01T09:35:00.000Z",
                     *         "updated_at": "2026-11-01T09:35:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://los.hillcountry.example/hooks/aoms",
                 *       "event_types": [
                 *         "order.created",
                 *         "order.status_changed"
                 *       ],
                 *       "active": true,
                 *       "description": "Our loan origination system",
                 *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookRequest"];
                /**
                 * @example {
                 *       "url": "https://los.hillcountry.example/hooks/aoms",
                 *       "event_types[]": [
                 *         "order.created",
                 *         "order.status_changed"
                 *       ],
                 *       "active": true,
                 *       "description": "Our loan origination system",
                 *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: uri
                     * @description An absolute http or https URI (RFC 3986) that answers 2xx; a private or local address is refused unless the deployment allows it (docs/webhooks.md)
                     * @example https://los.hillcountry.example/hooks/aoms
                     */
                    url: string;
                    /** @description Event types to receive (docs/webhooks.md); empty, absent or ["*"] (alone) for all */
                    "event_types[]"?: ("order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test" | "*")[];
                    /** @example true */
                    active?: boolean;
                    description?: string | null;
                    /**
                     * @description Operators only: the organization the subscription is for
                     * @example 2c7a81cd-828b-4362-9698-3570ba2e95b9
                     */
                    organization_id?: string;
                };
            };
        };
        responses: {
            /** @description A new subscription, with its signing secret shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "896bae8c-99c4-4b8f-8fbf-71b314820fb9",
                     *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "url": "https://los.hillcountry.example/hooks/aoms",
                     *       "event_types": [
                     *         "order.created",
                     *         "order.status_changed"
                     *       ],
                     *       "active": true,
                     *       "description": "Our loan origination system",
                     *       "disabled_at": null,
                     *       "disabled_reason": null,
                     *       "created_at": "2026-11-01T09:35:00.000Z",
                     *       "updated_at": "2026-11-01T09:35:00.000Z",
                     *       "secret": "whsec_3q9Vd2Lr8tXw1Zn6Bc4Fg7Hj0Km5Np2Qs8Tu1Vw3Yx="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A subscription to events */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "896bae8c-99c4-4b8f-8fbf-71b314820fb9",
                     *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "url": "https://los.hillcountry.example/hooks/aoms",
                     *       "event_types": [
                     *         "order.created",
                     *         "order.status_changed"
                     *       ],
                     *       "active": true,
                     *       "description": "Our loan origination system",
                     *       "disabled_at": null,
                     *       "disabled_reason": null,
                     *       "created_at": "2026-11-01T09:35:00.000Z",
                     *       "updated_at": "2026-11-01T09:35:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "url": "https://los.hillcountry.example/hooks/aoms",
                 *       "event_types": [
                 *         "*"
                 *       ],
                 *       "active": true,
                 *       "description": "Every event"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookRequest"];
                /**
                 * @example {
                 *       "url": "https://los.hillcountry.example/hooks/aoms",
                 *       "event_types[]": [
                 *         "*"
                 *       ],
                 *       "active": true,
                 *       "description": "Every event"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: uri
                     * @description An absolute http or https URI (RFC 3986) that answers 2xx; a private or local address is refused unless the deployment allows it (docs/webhooks.md)
                     * @example https://los.hillcountry.example/hooks/aoms
                     */
                    url?: string;
                    /** @description Event types to receive (docs/webhooks.md); empty, absent or ["*"] (alone) for all */
                    "event_types[]"?: ("order.created" | "order.status_changed" | "order.assigned" | "order.offer_answered" | "order.inspection_scheduled" | "order.inspection_completed" | "order.submission_received" | "order.revision_requested" | "order.reconsideration_requested" | "order.negotiation_opened" | "order.negotiation_answered" | "order.note_added" | "order.file_added" | "order.report_released" | "order.updated" | "order.party_added" | "order.payment_received" | "order.payment_link_sent" | "webhook.test" | "*")[];
                    /**
                     * @description true re-enables a disabled subscription
                     * @example true
                     */
                    active?: boolean;
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description A subscription to events */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "896bae8c-99c4-4b8f-8fbf-71b314820fb9",
                     *       "organization_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                     *       "url": "https://los.hillcountry.example/hooks/aoms",
                     *       "event_types": [
                     *         "order.created",
                     *         "order.status_changed"
                     *       ],
                     *       "active": true,
                     *       "description": "Our loan origination system",
                     *       "disabled_at": null,
                     *       "disabled_reason": null,
                     *       "created_at": "2026-11-01T09:35:00.000Z",
                     *       "updated_at": "2026-11-01T09:35:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "whsec_3q9Vd2Lr8tXw1Zn6Bc4Fg7Hj0Km5Np2Qs8Tu1Vw3Yx="
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000 (default 1; not with after=) */
                page?: number;
                /** @description Page size, 1 to 100. A larger whole number is not refused: it reads as 100 (clamped, as the interface does; pagination.per_page says what was used) */
                per_page?: number;
            };
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "8dc7b8ce-414c-47f8-9098-a9526aeb839c",
                     *         "event_id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                     *         "event_type": "order.status_changed",
                     *         "status": "delivered",
                     *         "attempts": 2,
                     *         "last_status_code": 200,
                     *         "last_error": null,
                     *         "next_attempt_at": null,
                     *         "replay_of": null,
                     *         "created_at": "2026-11-27T14:02:11.000Z",
                     *         "delivered_at": "2026-11-27T14:02:42.000Z",
                     *         "attempt_log": [
                     *           {
                     *             "attempted_at": "2026-11-27T14:02:11.500Z",
                     *             "status_code": 503,
                     *             "latency_ms": 120,
                     *             "error": "the receiver answered 503"
                     *           },
                     *           {
                     *             "attempted_at": "2026-11-27T14:02:42.000Z",
                     *             "status_code": 200,
                     *             "latency_ms": 85,
                     *             "error": null
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
                /**
                 * @description The delivery
                 * @example 8dc7b8ce-414c-47f8-9098-a9526aeb839c
                 */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "delivery_id": "a5a62e00-68a4-4e96-ae44-0c542224d23b"
                     *     }
                     */
                    "application/json": components["schemas"]["ReplayedDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
                /**
                 * @description Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key
                 * @example create-order-HC-2026-0042
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The subscription
                 * @example 896bae8c-99c4-4b8f-8fbf-71b314820fb9
                 */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "event_id": "9b6290cb-6c91-46e5-9cfa-90188f929553"
                     *     }
                     */
                    "application/json": components["schemas"]["TestEventSent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Replay the events written from this time on (Last-Event-ID wins over it) */
                since?: string;
            };
            header?: {
                /** @description The id of the last event you received: the events that followed it are replayed first */
                "Last-Event-ID"?: string;
                /**
                 * @description Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)
                 * @example los-7f3a9c.1
                 */
                "X-Request-Id"?: components["parameters"]["XRequestId"];
                /**
                 * @description Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited
                 * @example lou.officer@hillcountry.example
                 */
                "X-Api-Email"?: components["parameters"]["XApiEmail"];
                /**
                 * @description The same as X-Api-Email (either name is read)
                 * @example lou.officer@hillcountry.example
                 */
                "X-User-Email"?: components["parameters"]["XUserEmail"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream, open until you close it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 3000
                     *
                     *     id: 9b6290cb-6c91-46e5-9cfa-90188f929553
                     *     event: order.status_changed
                     *     data: {"order_id":"6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f","type":"order.status_changed"}
                     *
                     *     : heartbeat
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhookOrderCreated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.created",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "status": "Pending",
                 *         "client_id": "2c7a81cd-828b-4362-9698-3570ba2e95b9",
                 *         "company_id": "fabd5fb6-5013-45a0-b68b-a881e4892d08",
                 *         "due_date": "2026-12-15T23:00:00.000Z",
                 *         "loan_type": "conventional",
                 *         "transaction_type": "purchase",
                 *         "total_fee": "450.00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderStatusChanged: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.status_changed",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "from": "Assigned",
                 *         "to": "Inspection scheduled",
                 *         "action": "schedule_inspection",
                 *         "actor": {
                 *           "id": "f506fe16-b09a-4454-b478-b7cbf95f2313",
                 *           "name": "Sam Staffer"
                 *         },
                 *         "acting_for": {
                 *           "id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                 *           "name": "Avery Appraiser"
                 *         },
                 *         "reason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderStatusChangedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderAssigned: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.assigned",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "appraiser_id": "c6427c15-337f-4e88-8c72-bb4f499bfc66",
                 *         "appraiser_fee": "300.00",
                 *         "due_date": "2026-12-12T23:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderAssignedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderOfferAnswered: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.offer_answered",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "answer": "accepted_with_condition",
                 *         "reason": null,
                 *         "appraiser_fee_condition": "350.00",
                 *         "due_date_condition": "2026-12-18T23:00:00.000Z",
                 *         "appraiser_id": "c6427c15-337f-4e88-8c72-bb4f499bfc66"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderOfferAnsweredEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderInspectionScheduled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.inspection_scheduled",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "inspection_scheduled_at": "2026-12-01T15:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderInspectionScheduledEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderInspectionCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.inspection_completed",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "inspected_at": "2026-12-01T16:10:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderInspectionCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderSubmissionReceived: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.submission_received",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "files": [
                 *           {
                 *             "file_type": "appraisal_pdf",
                 *             "filename": "appraisal-report.pdf"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderSubmissionReceivedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderRevisionRequested: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.revision_requested",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "comments": "Please add a third comparable sale"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderRevisionRequestedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderReconsiderationRequested: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.reconsideration_requested",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "reason": "alternate_closed_sales",
                 *         "summary": "Two closer sales closed last month"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderReconsiderationRequestedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderNegotiationOpened: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.negotiation_opened",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "total_fee": "500.00",
                 *         "due_date": "2026-12-18T23:00:00.000Z",
                 *         "comments": "The property has a second dwelling"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderNegotiationOpenedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderNegotiationAnswered: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.negotiation_answered",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "answer": "approved",
                 *         "total_fee": "500.00",
                 *         "due_date": "2026-12-18T23:00:00.000Z",
                 *         "reason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderNegotiationAnsweredEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderNoteAdded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.note_added",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "note_id": "a3bbbc97-c82d-468a-86ea-17fc41c39760",
                 *         "subject": "Access to the property",
                 *         "author_name": "Casey Client",
                 *         "audience": "everyone"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderNoteAddedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderFileAdded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.file_added",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "file_id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                 *         "file_type": "appraisal_pdf",
                 *         "filename": "appraisal-report.pdf",
                 *         "audience": "everyone"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderFileAddedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderReportReleased: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.report_released",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "submission": 1,
                 *         "files": [
                 *           {
                 *             "file_id": "5a6871fb-6a7f-4dbd-9018-534c08339562",
                 *             "file_type": "appraisal_pdf",
                 *             "filename": "appraisal-report.pdf"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderReportReleasedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderUpdated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.updated",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "changes": {
                 *           "due_date": {
                 *             "from": "2026-12-15T23:00:00.000Z",
                 *             "to": "2026-12-18T23:00:00.000Z"
                 *           },
                 *           "access_contact": {
                 *             "from": null,
                 *             "to": {
                 *               "name": "Tina Tenant",
                 *               "phone": "512-555-0103",
                 *               "email": null,
                 *               "note": "Tenant; call after 5 pm"
                 *             }
                 *           }
                 *         },
                 *         "reason": "The closing moved"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderPartyAdded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.party_added",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "party_id": "9ae45bbb-fa1b-4402-929b-dbb5d1e360a3",
                 *         "name": "Otto Occupant",
                 *         "role": "Occupant",
                 *         "poc": true
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderPartyAddedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderPaymentReceived: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.payment_received",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "payment_id": "a29a39ca-badc-414e-aa9a-144c144fd16a",
                 *         "amount": "200.00",
                 *         "balance": "250.00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderPaymentReceivedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookOrderPaymentLinkSent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "order.payment_link_sent",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "order_id": "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
                 *         "file_number": "AOM-00000042",
                 *         "recipients": [
                 *           "bea@borrower.example"
                 *         ],
                 *         "balance": "250.00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderPaymentLinkSentEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "9b6290cb-6c91-46e5-9cfa-90188f929553",
                 *       "type": "webhook.test",
                 *       "timestamp": "2026-11-27T14:02:11.000Z",
                 *       "data": {
                 *         "message": "A test event from the appraisal service",
                 *         "webhook_id": "896bae8c-99c4-4b8f-8fbf-71b314820fb9"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer (or none within the timeout) is retried with backoff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
