import {
  getNamedType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";

/** What GitHub would charge for a query, and what it would refuse before running it. */
export interface QueryCost {
  /** Rate-limit points: the connection requests needed, divided by 100, at least 1 (GitHub's documented rule). */
  readonly points: number;
  /** The most nodes the query may return (GitHub refuses more than 500,000). */
  readonly nodes: number;
  /** GitHub's refusals of a connection without `first`/`last`, or with one over 100. */
  readonly errors: readonly string[];
}

/**
 * GitHub's rate-limit arithmetic and pagination rules for a query, as its GraphQL documentation states them
 * ("Rate limits and node limits for the GraphQL API"): each connection costs one request per parent node,
 * and a connection that lists nodes must say how many (`first` or `last`, 1 to 100).
 * @example queryCost(schema, parse("{ viewer { login } }"), {}).points // 1
 */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>>,
): QueryCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  let requests = 0;
  let nodes = 0;
  const errors: string[] = [];

  const walk = (set: SelectionSetNode, type: GraphQLNamedType, multiplier: number): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition === undefined ? type : schema.getType(selection.typeCondition.name.value);
        if (on !== undefined && on !== null) walk(selection.selectionSet, on, multiplier);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        const on = fragment === undefined ? undefined : schema.getType(fragment.typeCondition.name.value);
        if (fragment !== undefined && on !== undefined && on !== null) walk(fragment.selectionSet, on, multiplier);
        continue;
      }
      if (selection.selectionSet === undefined || !(isObjectType(type) || isInterfaceType(type))) continue;
      const field = type.getFields()[selection.name.value];
      if (field === undefined) continue;
      const named = getNamedType(field.type);
      let childMultiplier = multiplier;
      if (named.name.endsWith("Connection")) {
        const args = new Map(selection.arguments?.map((a) => [a.name.value, valueFromASTUntyped(a.value, variables)]));
        const size = (args.get("first") ?? args.get("last")) as number | null | undefined;
        const listsNodes = selection.selectionSet.selections.some(
          (s) => s.kind === Kind.FIELD && (s.name.value === "nodes" || s.name.value === "edges"),
        );
        if (listsNodes && (size === undefined || size === null)) {
          errors.push(
            `You must provide a \`first\` or \`last\` value to properly paginate the \`${selection.name.value}\` connection.`,
          );
        } else if (typeof size === "number" && (size < 1 || size > 100)) {
          errors.push(
            `Requesting ${size} records on the \`${selection.name.value}\` connection exceeds the \`first\` limit of 100 records.`,
          );
        }
        requests += multiplier;
        childMultiplier = multiplier * (typeof size === "number" ? size : 1);
        nodes += childMultiplier;
      }
      walk(selection.selectionSet, named, childMultiplier);
    }
  };

  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = def.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
    if (root !== null && root !== undefined) walk(def.selectionSet, root, 1);
  }
  return { points: Math.max(1, Math.round(requests / 100)), nodes, errors };
}
