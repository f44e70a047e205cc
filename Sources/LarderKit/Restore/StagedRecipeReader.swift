import Foundation
import LarderCore

/// The staged recipes of a bundle in manifest order, each already read and decoded: batches are
/// read one after another on another thread while the ones before them are settled. Reading and
/// decoding are about a third of a restore's work, and moving files in is most of the rest; a
/// machine has two cores. A few batches are read ahead, not one: with one, each thread waited
/// for the other at every batch, and on a busy machine each wait cost a wake-up.
/// Only staging (checked whole, and this run's own) is read, so reading ahead changes nothing
/// a library or a report sees. With `indexRows`, each recipe's index row is worked out there too.
struct StagedRecipeReader: IteratorProtocol {
    /// One manifest entry of a recipe, with the recipe its file holds (or why it holds none).
    struct Item {
        let file: Manifest.File
        let recipe: Result<Recipe, Error>
        /// Control characters were removed from its text: it is stored anew, not moved in.
        var cleaned = false
        /// The recipe's index row, as its file says: for a recipe moved in unchanged.
        let row: IndexedRecipe?
    }

    /// Recipes per batch: enough that handing a batch over costs nothing beside it, few enough
    /// that the two batches held at a time are small.
    static let batchSize = 64
    /// Batches read ahead of the one being settled.
    static let readAhead = 4
    /// One thread reads every batch, in order.
    private let queue = DispatchQueue(label: "larder.restore.read")

    private var files: AnyIterator<Result<Manifest.File, Error>>
    private let staged: StagedBundle
    private let indexRows: Bool
    private var ready: [Item] = []
    private var reading: [Batch] = []
    /// A manifest line that could not be read: handed out after every recipe before it.
    private var failure: Error?
    private var exhausted = false

    init(_ staged: StagedBundle, indexRows: Bool) throws {
        self.staged = staged
        self.indexRows = indexRows
        files = try staged.recipeFiles()
        readAhead()
    }

    /// The next recipe, or the manifest's failure (`.failure`) once, after the recipes before it.
    mutating func next() -> Result<Item, Error>? {
        if ready.isEmpty, !reading.isEmpty {
            ready = reading.removeFirst().wait().reversed()
            readAhead()  // read while `ready` is settled
        }
        if let item = ready.popLast() { return .success(item) }
        if let failure {
            self.failure = nil
            return .failure(failure)
        }
        return nil
    }

    private mutating func readAhead() {
        while reading.count < Self.readAhead, let batch = nextBatch() { reading.append(batch) }
    }

    /// The next batch of manifest entries, started reading; nil when the manifest is done.
    private mutating func nextBatch() -> Batch? {
        guard !exhausted else { return nil }
        var batch: [Manifest.File] = []
        while batch.count < Self.batchSize {
            switch files.next() {
            case .success(let file)?: batch.append(file)
            case .failure(let error)?:
                failure = error
                exhausted = true
            case nil: exhausted = true
            }
            if exhausted { break }
        }
        return batch.isEmpty ? nil : Batch(batch, in: staged.folder.path, indexRows: indexRows, on: queue)
    }

    /// Files read and decoded on a thread of their own; `wait` hands them over in order.
    private final class Batch: @unchecked Sendable {
        private let done = DispatchGroup()
        private var items: [Item] = []

        init(_ files: [Manifest.File], in folder: String, indexRows: Bool, on queue: DispatchQueue) {
            done.enter()
            queue.async { [self] in
                items = files.map { file in
                    let decoded = Result { try CanonicalJSON.decodeCleaning(FileStatus.read(folder + "/" + file.path).contents) }
                    let recipe = decoded.map(\.recipe)
                    let cleaned = (try? decoded.get())?.cleaned ?? false
                    return Item(file: file, recipe: recipe, cleaned: cleaned, row: indexRows ? (try? recipe.get()).map(IndexedRecipe.init) : nil)
                }
                done.leave()
            }
        }

        func wait() -> [Item] {
            done.wait()
            return items
        }
    }
}
