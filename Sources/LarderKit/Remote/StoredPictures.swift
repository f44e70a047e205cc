import Foundation
import LarderCore

/// `--images` on a re-run: an address already imported is not fetched again, but the pictures
/// its stored recipe has only as web addresses (it was imported without `--images`, or a
/// download failed) are downloaded and stored with it. Without this, a re-run with `--images`
/// fetched nothing and said nothing.
public final class StoredPictures: @unchecked Sendable {
    let library: Library
    let stage: ImageStage
    let lacking: Set<String>

    /// `memory`: what the library held when the run began (its `lackingPictures`).
    public init(library: Library, stage: ImageStage, memory: ImportMemory) {
        self.library = library
        self.stage = stage
        lacking = memory.lackingPictures
    }

    func lacks(_ id: String) -> Bool { lacking.contains(id) }

    /// What came of one stored recipe's pictures: the recipe with those downloaded (to be
    /// stored by `store`, on the source's own thread of events), and what to report.
    struct Outcome: Sendable {
        var recipe: Recipe?
        var event: SourceEvent
    }

    func download(id: String, input: String) async -> Outcome {
        let recipe: Recipe
        do {
            recipe = try library.load(id: id)
        } catch {
            return Outcome(recipe: nil, event: .skipped(input: input, item: nil, reason: "already imported (as \(id))", kind: .duplicate))
        }
        let wanted = recipe.images.filter { ImageStage.downloadableAddress(of: $0) != nil }.count
        let decision: StageDecision
        do {
            decision = try await stage.apply(recipe)
        } catch {
            return Outcome(recipe: nil, event: .skipped(input: input, item: nil, reason: "already imported (as \(id)); its pictures could not be downloaded: \(ErrorText.describe(error))"))
        }
        switch decision {
        case .keep(let withPictures):
            return Outcome(recipe: withPictures, event: .skipped(input: input, item: nil,
                                                                 reason: "already imported (as \(id)); \(Self.pictures(wanted)) it lacked downloaded", kind: .duplicate))
        case .keepNoting(let withPictures, let notes):
            let got = withPictures.images.filter { $0.embeddedData != nil }.count
            let reason = "already imported (as \(id)); \(got) of \(Self.pictures(wanted)) it lacked downloaded; " + notes.joined(separator: "; ")
            return Outcome(recipe: got > 0 ? withPictures : nil, event: .skipped(input: input, item: nil, reason: reason))
        case .skip(let reason, let kind):
            return Outcome(recipe: nil, event: .skipped(input: input, item: nil, reason: "already imported (as \(id)); " + reason, kind: kind))
        case .skipAsDuplicate(_, let reason):
            return Outcome(recipe: nil, event: .skipped(input: input, item: nil, reason: reason, kind: .duplicate))
        }
    }

    /// Stores a recipe with its new pictures over the stored version.
    func store(_ recipe: Recipe) throws {
        _ = try library.store(recipe)
    }

    static func pictures(_ count: Int) -> String {
        count == 1 ? "the picture" : "the \(count) pictures"
    }
}
