import LarderCore

/// The stages of Larder's use cases in the order they must run, so that a caller names the use
/// case and what varies once, and cannot leave a stage out (the stored-image check) or give two
/// parts of one run different duplicate policies.
public enum StagePreset {
    /// An import into `library`, as `larder import` runs it: normalise, check for duplicates
    /// (seeded from the library), keep only stored image paths that name a picture in it, then
    /// download pictures with `images`. `policy` decides duplicates for the restores, the
    /// duplicate check and the sink alike.
    public static func importIntoLibrary(_ library: Library, policy: DuplicatePolicy = .skip, images: ImageStage? = nil) -> LibraryImportPreset {
        LibraryImportPreset(library: library, policy: policy, images: images)
    }

    /// A conversion of files with no library (`larder convert`): normalise, drop duplicates
    /// met earlier in the run, leave out stored image paths (no library holds their pictures),
    /// then `filter`, `amounts` and `images` (a download stage), each when given.
    public static func convert(filter: FilterStage? = nil, amounts: AdjustAmountsStage? = nil, images: RecipeStage? = nil) -> [RecipeStage] {
        // Stored image paths are checked before downloads: one left out keeps its address to download.
        let given: [RecipeStage?] = [filter, amounts, images]
        return [NormalizeStage(), DedupeStage(), StoredImageStage(library: nil)] + given.compactMap { $0 }
    }
}

/// An import into one library with one duplicate policy (`StagePreset.importIntoLibrary`).
/// Bundles and library folders are restored first (`restore`), then the stages are made
/// (`stages`), so that the duplicate check knows what the restores brought back.
public struct LibraryImportPreset {
    /// The library imported into.
    public let library: Library
    /// What is done with a recipe the library already holds, everywhere in the run.
    public let policy: DuplicatePolicy
    /// The stage that downloads pictures, last; nil for none.
    public let images: ImageStage?

    /// The restore of bundles and library folders into the library, by the same policy.
    public func restore(progress: ((RunReport) -> Void)? = nil) -> LibraryRestore {
        LibraryRestore(library: library, duplicates: policy, progress: progress)
    }

    /// The sink storing into the library, by the same policy. It opens the library for
    /// writing: a library another run is writing fails here.
    public func sink() throws -> LibrarySink {
        try LibrarySink(library: library, duplicates: policy)
    }

    /// The stages in their order, the duplicate check seeded from the library as it is now
    /// (one read of it). A run with nothing but restores may pass `readingLibrary: false`:
    /// it has nothing left to check.
    public func stages(readingLibrary: Bool = true) throws -> LibraryImportStages {
        let dedupe = readingLibrary ? try DedupeStage(library: library, policy: policy) : DedupeStage(policy: policy)
        // Stored image paths are checked before downloads: one left out keeps its address to download.
        let stages: [RecipeStage] = [NormalizeStage(), dedupe, StoredImageStage(library: library)] + (images.map { [$0] } ?? [])
        return LibraryImportStages(stages: stages, dedupe: dedupe)
    }

    /// A pipeline from `sources` into the library through the preset's stages: the sink first,
    /// so that the library is open for writing before it is read for the duplicate check.
    public func pipeline(sources: [RecipeSource], progress: ((RunReport) -> Void)? = nil) throws -> Pipeline {
        let sink = try sink()
        return Pipeline(sources: sources, stages: try stages().stages, sink: sink, progress: progress)
    }
}

/// The stages of one import, and what their one read of the library found.
public struct LibraryImportStages {
    /// Normalise, duplicates, stored images, then downloads: the pipeline's stages.
    public let stages: [RecipeStage]
    let dedupe: DedupeStage

    /// The library's recipes that could not be read, to be said once in the run's notes.
    public var unreadable: [String] { dedupe.unreadable }

    /// What sources may skip before fetching (an address or TheMealDB id already imported):
    /// the library's recipes when duplicates are skipped; nothing otherwise, as an update or
    /// a copy needs the new version.
    public var memory: ImportMemory {
        dedupe.policy == .skip ? dedupe.libraryMemory : ImportMemory()
    }
}
