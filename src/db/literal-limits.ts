import {
  PostgresDialect,
  PostgresQueryCompiler,
  ValueNode,
  type LimitNode,
  type QueryCompiler,
} from 'kysely';

/**
 * A LIMIT is written into the statement's text as a number, not sent as a parameter.
 *
 * Every statement with parameters is prepared (connection.ts), and PostgreSQL then weighs a
 * generic plan, made without the values, against one planned for them. A generic plan cannot
 * read a LIMIT parameter, so it assumes a tenth of the rows: for a page of 26 orders out of a
 * company's 200,000, a plan for 20,000 that costs a hundred times more. The generic plan is
 * never chosen, and each run plans the statement again, about half a millisecond of
 * PostgreSQL's time per list page at a million orders, as much as running it
 * (docs/performance.md, "A page planned once"). With the number in the text the generic plan is
 * the page's own, chosen from the sixth run on a connection and reused.
 *
 * The numbers a LIMIT takes are few (a page size from 1 to 100, plus one, and constants), so
 * the statements stay few. An OFFSET stays a parameter: it takes any value, and a deep page by
 * number is what the cursor replaces.
 */
class LiteralLimitCompiler extends PostgresQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value)) {
      this.append(`limit ${String(limit.value)}`);
      return;
    }
    super.visitLimit(node);
  }
}

export class LiteralLimitPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
