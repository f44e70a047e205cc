import Foundation

/// The addresses of a web import not yet started, by site, handed out a few at a time: at most
/// `window` under way in all and `perSite` for one site, taking the sites in turn. A list of
/// 100,000 addresses is then a few dozen tasks and a list of strings, not 100,000 waiting tasks
/// (each costs kilobytes), and a site that answers slowly, or that has most of the list, holds
/// only its own share of the window while the other sites keep their transfers busy.
///
/// An address holds its place in the window while it is fetched, not while its answer is read:
/// `fetched` hands the place to a next address and counts the answer as being read until
/// `read`. Reading (parsing, scraping) is CPU work on other threads, and a machine slow to read
/// must not leave the transfer slots without a next request. Answers being read hold their
/// pages' bytes, so at most `readingLimit` of them may wait: beyond that no address starts
/// until reading catches up.
struct FetchFrontier {
    let window: Int
    let perSite: Int
    let readingLimit: Int
    /// Answers fetched and not yet read.
    private(set) var reading = 0

    private struct Site {
        var inputs: [String] = []
        /// Where the next address to start is in `inputs`.
        var next = 0
        var running = 0
        var exhausted: Bool { next == inputs.count }
    }

    private var sites: [String: Site] = [:]
    /// Sites in the order they first appeared; `cursor` is the next to ask. A site with no
    /// addresses left stays until the list is compacted (removing it at once would cost a
    /// shift of the whole list per site).
    private var rotation: [String] = []
    private var exhaustedInRotation = 0
    private var cursor = 0
    private(set) var running = 0
    /// Addresses not handed out yet.
    private(set) var unstarted = 0

    init(_ inputs: [String], window: Int, perSite: Int, readingLimit: Int = .max) {
        self.window = max(1, window)
        self.perSite = max(1, perSite)
        self.readingLimit = max(1, readingLimit)
        for input in inputs {
            let key = Self.site(of: input)
            if sites[key] == nil {
                sites[key] = Site()
                rotation.append(key)
            }
            sites[key]!.inputs.append(input)
        }
        unstarted = inputs.count
    }

    static func site(of input: String) -> String {
        URL(string: input.trimmingCharacters(in: .whitespaces))?.host?.lowercased() ?? ""
    }

    var isEmpty: Bool { exhaustedInRotation == rotation.count }

    /// The next address to start, counted as running until `finished` or `fetched`; nil when
    /// the window is full, as many answers as allowed wait to be read, or every site with
    /// addresses left has its share running.
    mutating func next() -> String? {
        guard running < window, reading < readingLimit, !isEmpty else { return nil }
        if exhaustedInRotation * 2 > rotation.count { compact() }
        for _ in 0..<rotation.count {
            if cursor >= rotation.count { cursor = 0 }
            let key = rotation[cursor]
            cursor += 1
            guard var site = sites[key], !site.exhausted, site.running < perSite else { continue }
            let input = site.inputs[site.next]
            site.next += 1
            site.running += 1
            if site.exhausted {
                site.inputs = []
                site.next = 0
                exhaustedInRotation += 1
            }
            sites[key] = site
            running += 1
            unstarted -= 1
            return input
        }
        return nil
    }

    /// The address's answer is in: its place goes to a next address, and the answer counts as
    /// being read until `read`.
    mutating func fetched(_ input: String) {
        finished(input)
        reading += 1
    }

    /// An answer counted by `fetched` has been read.
    mutating func read() {
        reading -= 1
    }

    /// The address is done without an answer to read (it failed, or was skipped).
    mutating func finished(_ input: String) {
        let key = Self.site(of: input)
        running -= 1
        guard var site = sites[key] else { return }
        site.running -= 1
        sites[key] = site
    }

    /// Every address never started, in list order per site; none are left after.
    mutating func drain() -> [String] {
        var left: [String] = []
        for key in rotation {
            guard var site = sites[key], !site.exhausted else { continue }
            left += site.inputs[site.next...]
            site.inputs = []
            site.next = 0
            sites[key] = site
        }
        exhaustedInRotation = rotation.count
        unstarted = 0
        return left
    }

    /// Drops exhausted sites from the rotation; their running counts stay in `sites`.
    private mutating func compact() {
        let current = cursor < rotation.count ? rotation[cursor] : nil
        rotation.removeAll { sites[$0]?.exhausted ?? true }
        exhaustedInRotation = 0
        cursor = current.flatMap { rotation.firstIndex(of: $0) } ?? 0
        for key in sites.keys where sites[key]!.exhausted && sites[key]!.running == 0 { sites[key] = nil }
    }
}
