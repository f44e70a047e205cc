import Foundation
import LarderCore

/// Sources → stages → sink. Recipes flow one at a time (a run never holds them all), every
/// input ends in the report as imported, skipped or failed, and an error in one input never
/// stops the others.
public struct Pipeline {
    /// Where the recipes come from, read one after the other.
    public var sources: [RecipeSource]
    /// What each recipe goes through, in order, before the sink.
    public var stages: [RecipeStage]
    /// Where the recipes go.
    public var sink: RecipeSink
    /// Called after each input is settled, for progress lines.
    public var progress: ((RunReport) -> Void)?
    /// Checked on every recipe of every source before any stage works on it.
    public var limits = InputLimits.standard

    /// A pipeline from `sources` through `stages` into `sink`; `progress` hears of each input settled.
    public init(sources: [RecipeSource], stages: [RecipeStage], sink: RecipeSink, progress: ((RunReport) -> Void)? = nil) {
        self.sources = sources
        self.stages = stages
        self.sink = sink
        self.progress = progress
    }

    /// Runs every source through the stages into the sink. `report` may hold entries already
    /// (of work done before in the same run); this run's entries are added to it.
    public func run(report start: RunReport = RunReport()) async throws -> RunReport {
        var report = start
        var fetches: [String: FetchDetails] = [:]
        for source in sources {
            do {
                try await source.read { event in
                    if case .fetched(let input, let details) = event {
                        fetches[input] = details
                        return
                    }
                    var entry = await process(event)
                    entry.fetch = fetches[entry.input]
                    report.record(entry)
                    progress?(report)
                }
            } catch is CancellationError {
                report.record(.init(input: source.name, status: .skipped, stage: "read", reason: Self.interrupted, kind: .interrupted))
            } catch {
                report.record(.init(input: source.name, status: .failed, stage: "read", reason: ErrorText.describe(error)))
            }
            // Sources may share what they say (one robots.txt reader for pages and sitemaps).
            for note in source.runNotes where !report.notes.contains(note) { report.notes.append(note) }
        }
        report.finished = MappingContext.now()
        if sink.replacesOutputWhole {
            // An export writes its output whole or not at all: never an empty book over a
            // good one, never half a library over a whole one.
            if Task.isCancelled {
                report.outputNotWritten = .stopped
                return report
            }
            if report.imported == start.imported {
                report.outputNotWritten = .noRecipe
                return report
            }
        }
        report.notes += sink.runNotes
        if let reason = sink.withholdsOutput {
            report.outputNotWritten = .withheld(reason)
            return report
        }
        do {
            try sink.finish(report: report)
        } catch where !sink.replacesOutputWhole {
            // An import's recipes are stored as they come: what went in is still to be said.
            throw UnfinishedRun(report: report, error: error)
        }
        report.notes += sink.finishNotes
        return report
    }

    /// What the report says of an input a Ctrl-C (or SIGTERM) stopped before it was done.
    public static let interrupted = "interrupted before it was done; run the import again to continue"

    func process(_ event: SourceEvent) async -> RunReport.Entry {
        if let recipe = event.recipe {
            do {
                try limits.check(recipe)
            } catch {
                return .init(input: event.input, item: event.item, status: .failed, stage: "read", reason: ErrorText.describe(error))
            }
        }
        switch event {
        case .failed(let input, let item, let reason):
            return .init(input: input, item: item, status: .failed, stage: "read", reason: reason)
        case .skipped(let input, let item, let reason, let kind):
            return .init(input: input, item: item, status: .skipped, stage: "read", reason: reason, kind: kind)
        case .fetched(let input, _):
            return .init(input: input, status: .skipped, stage: "read", reason: "fetched but never read (a bug in its source)")
        case .recipe(let recipe, let input, let item):
            return await settle(recipe, input: input, item: item, notes: [])
        case .recipeNoting(let recipe, let input, let item, let notes, let notRead):
            var entry = await settle(recipe, input: input, item: item, notes: notes)
            entry.notRead = notRead.isEmpty ? nil : notRead
            return entry
        }
    }

    /// Takes a recipe through the stages into the sink; `notes` are what its source said of it,
    /// kept in its entry whatever becomes of it.
    private func settle(_ recipe: Recipe, input: String, item: String?, notes: [String]) async -> RunReport.Entry {
        var recipe = recipe
        var notes = notes
        var entry = await stagesAndSink(&recipe, input: input, item: item, notes: &notes)
        entry.notes = notes.isEmpty ? nil : notes
        return entry
    }

    private func stagesAndSink(_ recipe: inout Recipe, input: String, item: String?, notes: inout [String]) async -> RunReport.Entry {
        for stage in stages {
            do {
                switch try await stage.apply(recipe) {
                case .keep(let next):
                    recipe = next
                case .keepNoting(let next, let stageNotes):
                    recipe = next
                    notes += stageNotes
                // A recipe that went no further is stored under no id: the report names
                // only recipes that exist (for a duplicate, the one it repeats).
                case .skip(let reason, let kind):
                    return .init(input: input, item: item, status: .skipped, stage: stage.name, reason: reason, kind: kind,
                                 title: recipe.title)
                case .skipAsDuplicate(let existingID, let reason):
                    return .init(input: input, item: item, status: .skipped, stage: stage.name, reason: reason, kind: .duplicate,
                                 recipeID: existingID, title: recipe.title)
                }
            } catch {
                return .init(input: input, item: item, status: .failed, stage: stage.name, reason: ErrorText.describe(error),
                             title: recipe.title)
            }
        }
        do {
            switch try sink.write(recipe) {
            case .written:
                return .init(input: input, item: item, status: .imported, recipeID: recipe.id, title: recipe.title)
            case .replaced:
                return .init(input: input, item: item, status: .updated, stage: sink.name,
                             reason: "replaced the recipe stored as \(recipe.id)", recipeID: recipe.id, title: recipe.title)
            case .skipped(let reason, let kind):
                return .init(input: input, item: item, status: .skipped, stage: sink.name, reason: reason, kind: kind,
                             recipeID: recipe.id, title: recipe.title)
            }
        } catch {
            return .init(input: input, item: item, status: .failed, stage: sink.name, reason: ErrorText.describe(error),
                         title: recipe.title)
        }
    }
}
