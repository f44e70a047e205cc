import Foundation
import LarderCore
import LarderNet

/// Recipes from TheMealDB for one `mealdb:` input. Searches and lookups answer full meals;
/// filters answer summaries, so each meal is looked up, concurrently (the fetcher's limits
/// apply). Meals already in the library are skipped without a lookup.
public struct MealDBSource: RecipeSource {
    /// The meals it reads.
    public let spec: MealDBSpec
    /// The API they are read from.
    public let client: MealDBClient
    /// What the library already holds: a meal imported before is skipped without fetching it.
    public var memory: ImportMemory
    /// Told of each call, for progress lines.
    public var progress: FetchProgress?
    /// What the report calls the source when it fails as a whole.
    public var name: String { spec.description }

    /// A source of the meals `spec` names, read through `client`.
    public init(spec: MealDBSpec, client: MealDBClient, memory: ImportMemory = ImportMemory(), progress: FetchProgress? = nil) {
        self.spec = spec
        self.client = client
        self.memory = memory
        self.progress = progress
    }

    /// Emits the source's recipes, failures and skips, in order (`RecipeSource.read(_:)`).
    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        progress?.expect(1)
        switch spec {
        case .search(let name):
            try await readMeals(.searchName(name), emptyReason: "TheMealDB has no meal whose name contains \"\(name)\"", emit)
        case .letter(let letter):
            try await readMeals(.searchLetter(letter), emptyReason: "TheMealDB has no meal starting with \"\(letter)\"", emit)
        case .id(let id):
            if let known = alreadyImported(id) { return try await emit(.skipped(input: name, item: nil, reason: known, kind: .duplicate)) }
            try await readMeals(.lookup(id), emptyReason: nil, emit, missingReason: "TheMealDB has no meal with id \(id)")
        case .category(let value):
            try await readSummaries(.filterCategory(value), emptyReason: "TheMealDB has no meals in the category \"\(value)\"", emit)
        case .area(let value):
            try await readSummaries(.filterArea(value), emptyReason: "TheMealDB has no meals from the area \"\(value)\"", emit)
        case .ingredient(let value):
            try await readSummaries(.filterIngredient(value), emptyReason: "TheMealDB has no meals with the ingredient \"\(value)\"", emit)
        case .random(let count):
            try await readRandom(count, emit)
        case .all:
            try await readAll(emit)
        }
    }

    private func alreadyImported(_ mealID: String) -> String? {
        let id = "mealdb-" + RecipeIdentity.sanitize(mealID)
        return memory.ids.contains(id) ? "already imported (as \(id))" : nil
    }

    /// A meal the library already holds becomes a skip (searches answer whole meals, so the
    /// check can only come after the answer).
    private func skippingKnown(_ event: SourceEvent) -> SourceEvent {
        guard case .recipe(let recipe, _, let item) = event, let original = recipe.provenance.originalID,
              let known = alreadyImported(original) else { return event }
        return .skipped(input: name, item: item, reason: known, kind: .duplicate)
    }

    /// One call whose answer holds full meals.
    private func readMeals(_ endpoint: MealDBClient.Endpoint, emptyReason: String?, _ emit: (SourceEvent) async throws -> Void,
                           missingReason: String? = nil) async throws {
        let events = await Self.mealEvents(endpoint, client: client, input: name)
        if events.isEmpty {
            try await emit(emptyReason.map { .skipped(input: name, item: nil, reason: $0) }
                ?? .failed(input: name, item: nil, reason: missingReason ?? "no meals"))
            return
        }
        for event in events { try await emit(skippingKnown(event)) }
    }

    /// Fetches one endpoint and reads the meals in it: recipe events, a failure, or none for
    /// `{"meals":null}`.
    static func mealEvents(_ endpoint: MealDBClient.Endpoint, client: MealDBClient, input: String, item: String? = nil) async -> [SourceEvent] {
        let response: HTTPResponse
        do {
            response = try await client.fetch(endpoint)
        } catch is CancellationError {
            return [WebSource.interrupted(input)]
        } catch {
            return [.failed(input: input, item: item, reason: ErrorText.describe(error))]
        }
        if (try? MealDBAnswers.summaries(response.body))?.isEmpty == true { return [] }
        let context = MappingContext(input: input)
        return RecipeJSON.read(response.body, context: context).map { mapped in
            switch mapped.result {
            case .success(let recipe):
                let label = item ?? [recipe.provenance.originalID, recipe.title].compactMap { $0 }.joined(separator: " ")
                return .recipe(recipe, input: input, item: label)
            case .failure(let error):
                return .failed(input: input, item: item ?? (mapped.label == input ? nil : mapped.label),
                               reason: "TheMealDB's answer could not be read: \(error.description)")
            }
        }
    }

    /// A filter answer (summaries), then a lookup per meal not yet in the library.
    private func readSummaries(_ endpoint: MealDBClient.Endpoint, emptyReason: String, _ emit: (SourceEvent) async throws -> Void) async throws {
        let summaries: [MealDBAnswers.Summary]
        do {
            summaries = try MealDBAnswers.summaries(try await client.fetch(endpoint).body)
        } catch is CancellationError {
            return try await emit(WebSource.interrupted(name))
        } catch {
            return try await emit(.failed(input: name, item: nil, reason: ErrorText.describe(error)))
        }
        guard !summaries.isEmpty else { return try await emit(.skipped(input: name, item: nil, reason: emptyReason)) }
        try await lookUp(summaries.map { ($0.id, "\($0.id) \($0.name)") }, emit)
    }

    /// Looks meals up concurrently and emits them as they arrive.
    private func lookUp(_ meals: [(id: String, label: String)], _ emit: (SourceEvent) async throws -> Void) async throws {
        progress?.expect(meals.count)
        try await withThrowingTaskGroup(of: [SourceEvent].self) { group in
            for meal in meals {
                if let known = alreadyImported(meal.id) {
                    try await emit(.skipped(input: name, item: meal.label, reason: known, kind: .duplicate))
                    continue
                }
                group.addTask { [client, name] in
                    let events = await Self.mealEvents(.lookup(meal.id), client: client, input: name, item: meal.label)
                    return events.isEmpty ? [.failed(input: name, item: meal.label, reason: "TheMealDB has no meal with id \(meal.id)")] : events
                }
            }
            for try await events in group {
                for event in events { try await emit(event) }
            }
        }
    }

    /// `count` distinct random meals: rounds of concurrent calls until enough distinct ones
    /// came back, at most three rounds (the API may repeat itself).
    private func readRandom(_ count: Int, _ emit: (SourceEvent) async throws -> Void) async throws {
        var seen: Set<String> = []
        for _ in 0..<3 where seen.count < count {
            let missing = count - seen.count
            let rounds = await withTaskGroup(of: [SourceEvent].self) { group in
                for _ in 0..<missing {
                    group.addTask { [client, name] in await Self.mealEvents(.random, client: client, input: name) }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            for event in rounds {
                if case .recipe(let recipe, _, _) = event {
                    guard seen.count < count, seen.insert(recipe.id).inserted else { continue }
                }
                try await emit(event)
            }
            if rounds.contains(where: { if case .failed = $0 { true } else { false } }) { break }
        }
        if seen.count < count {
            try await emit(.skipped(input: name, item: nil, reason: "TheMealDB gave \(seen.count) distinct random meals of the \(count) asked for"))
        }
    }

    /// Every meal: the 26 letter searches, concurrently, without duplicates.
    private func readAll(_ emit: (SourceEvent) async throws -> Void) async throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        progress?.expect(letters.count)
        var seen: Set<String> = []
        try await withThrowingTaskGroup(of: [SourceEvent].self) { group in
            for letter in letters {
                group.addTask { [client, name] in
                    await Self.mealEvents(.searchLetter(letter), client: client, input: name, item: nil)
                }
            }
            for try await events in group {
                for event in events {
                    if case .recipe(let recipe, _, _) = event, !seen.insert(recipe.id).inserted { continue }
                    try await emit(skippingKnown(event))
                }
            }
        }
    }
}
