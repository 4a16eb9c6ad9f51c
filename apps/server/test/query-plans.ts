import type { TestContext } from './helpers';

/** A query builder's SQL and parameters, as a repository issues them. */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** One node of a plan as PostgreSQL reports it (`explain (analyze, format json)`). */
export interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The plan of a query exactly as a repository builds it (its SQL and parameters from the query builder), as text. */
export async function explainPlan(t: Pick<TestContext, 'executeSql'>, query: BuiltQuery): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const { rows } = await t.executeSql(`explain ${text}`, params);
  return (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
}

/** Runs the query under `explain (analyze)` and lists its plan's nodes, each with how often it ran. */
export async function analyzedPlan(t: Pick<TestContext, 'executeSql'>, query: BuiltQuery): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const { rows } = await t.executeSql(`explain (analyze, format json) ${text}`, params);
  const [{ Plan: root }] = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(root);
  return nodes;
}

/** How many times the query ran each of its correlated subqueries (one entry per subquery). */
export async function subPlanLoops(t: Pick<TestContext, 'executeSql'>, query: BuiltQuery): Promise<number[]> {
  const nodes = await analyzedPlan(t, query);
  return nodes.filter((node) => node['Parent Relationship'] === 'SubPlan').map((node) => node['Actual Loops'] ?? 0);
}
