extension ImportSourceKind {
    /// `mealdb:` specs (`MealDBSpec`): TheMealDB's meals, all through one client of its API.
    public static let mealdb = ImportSourceKind(
        name: "mealdb",
        help: "TheMealDB specs (\(MealDBSpec.forms))",
        recognises: MealDBSpec.isSpec,
        check: { _ = try MealDBSpec(parsing: $0) },
        // Every spec to one shard: one site, and its meals are told apart by TheMealDB's ids within one run.
        shardKey: { _ in ImportShard.mealdbKey },
        sources: { inputs, context in
            let client = MealDBClient(baseURL: context.settings.mealdbBaseURL ?? MealDBClient.publicBaseURL, fetcher: context.fetcher)
            return try inputs.map { MealDBSource(spec: try MealDBSpec(parsing: $0), client: client, memory: context.memory, progress: context.progress) }
        }
    )
}
