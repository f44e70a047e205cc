import Foundation
import LarderCore

/// Merge, a use case beside restore: libraries — the shards of an import run as
/// `import --shard K/N`, or any libraries and backups — into one library.
///
/// Each source goes through restore's checked path (`LibraryRestore`: staged, verified against
/// its manifest, then moved in), so images and checksums come along and a broken source changes
/// nothing. Unlike a restore, which brings a backup back as it was, a merge decides duplicates
/// as import does (`DedupeStage`, seeded from the library merged into): the same id, the same
/// recipe at its source URL, or the same content is skipped, updated or copied by the policy.
/// Merging a source twice therefore changes nothing the second time.
///
/// The merged report has an entry per recipe of every source, and carries over what each
/// source's own last run left unfinished (inputs that failed, were skipped for a problem, or
/// were not reached), so the merged library's report still names every input that needs
/// another look.
public struct LibraryMerge {
    /// The library the sources are merged into.
    public let library: Library
    let restore: LibraryRestore
    /// The merged library's recipes that could not be read: their duplicates cannot be
    /// recognised by source or content (their ids are still taken).
    public let unreadable: [String]

    /// Opens `library` for writing (the lock) and reads it once for the duplicate check.
    public init(into library: Library, duplicates: DuplicatePolicy = .skip, progress: ((RunReport) -> Void)? = nil) throws {
        try library.open()
        let dedupe = try DedupeStage(library: library, policy: duplicates)
        self.library = library
        unreadable = dedupe.unreadable
        var restore = LibraryRestore(library: library, duplicates: duplicates, progress: progress)
        restore.duplicateCheck = dedupe
        self.restore = restore
    }

    /// Merges one library folder or backup, adding its entries to `report`. A source that is
    /// missing, not a library, the library itself, being written by another run, or refused by
    /// the checks is one failed entry naming it; the other sources are merged all the same.
    public func merge(_ source: String, into report: inout RunReport) throws {
        if let problem = Self.problem(with: source, mergingInto: library) {
            report.record(.init(input: source, status: .failed, stage: "read", reason: problem))
            return
        }
        let folder = URL(fileURLWithPath: source)
        // A shard still being imported is refused; one merged is kept from being written meanwhile.
        let readLock: LibraryLock?
        do {
            readLock = try LibraryLock(readingIn: folder.appendingPathComponent(".larder", isDirectory: true))
        } catch {
            report.record(.init(input: source, status: .failed, stage: "read", reason: ErrorText.describe(error)))
            return
        }
        defer { withExtendedLifetime(readLock) {} }
        // A run killed while writing leaves its journal unfolded: the manifest does not list all
        // the files yet, and the checks would refuse them one by one.
        if let journal = FileStatus(path: source + "/.larder/journal.jsonl"), journal.size > 0 {
            report.record(.init(input: source, status: .failed, stage: "read", reason:
                "its last larder run was stopped before it finished, so its manifest is not up to date: run that import again (it picks up where it stopped), then merge it"))
            return
        }
        // A source refused whole has brought nothing in: its report's inputs are not carried.
        guard try restore.restore(source, into: &report), PathCheck.kind(of: source) == .folder else { return }
        carryUnfinished(of: folder, into: &report)
    }

    /// Why `source` cannot be merged at all, or nil.
    static func problem(with source: String, mergingInto library: Library) -> String? {
        switch PathCheck.kind(of: source) {
        case nil:
            return "there is no library or backup at this path"
        case .folder:
            let folder = URL(fileURLWithPath: source).resolvingSymlinksInPath().standardizedFileURL
            if folder.path == library.root.resolvingSymlinksInPath().standardizedFileURL.path {
                return "this is the library being merged into"
            }
            if !LibraryRestore.isRestorable(source) {
                return "not a Larder library: a library folder holds recipes/ and manifest.jsonl"
            }
        case .file:
            if !LibraryRestore.isRestorable(source) {
                return "not a Larder library or backup (an archive written by larder export holding manifest.jsonl)"
            }
        }
        return nil
    }

    /// The entries of the source's `report.json` that still need someone: failed, skipped for a
    /// problem, or not reached before the run was stopped.
    func carryUnfinished(of folder: URL, into report: inout RunReport) {
        let reportURL = folder.appendingPathComponent("report.json")
        guard FileManager.default.fileExists(atPath: reportURL.path) else { return }
        let source: RunReport
        do {
            source = try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: reportURL))
        } catch {
            report.notes.append("\(folder.path): its report.json cannot be read (\(ErrorText.describe(error))), so inputs its last run left unfinished are not listed here")
            return
        }
        var carried = 0
        try? source.forEachEntry { entry in
            let unfinished = entry.status == .failed || (entry.status == .skipped && (entry.kind == nil || entry.kind == .interrupted))
            guard unfinished else { return }
            report.record(entry)
            carried += 1
        }
        guard carried > 0 else { return }
        let run = source.shard.map { "last run (shard \($0))" } ?? "last run"
        report.notes.append("\(folder.path): its \(run) left \(carried) input\(carried == 1 ? "" : "s") failed or not reached, listed in this report")
    }
}
