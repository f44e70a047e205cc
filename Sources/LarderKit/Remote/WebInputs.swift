import LarderCore

extension ImportSourceKind {
    /// Web addresses (http, https): one `WebSource` fetches them all, concurrently and politely.
    public static let web = ImportSourceKind(
        name: "web",
        help: "web addresses (http/https, fetched concurrently and politely, as each site's robots.txt allows)",
        recognises: WebAddress.isWebAddress,
        shardKey: ImportShard.siteKey,
        followsRobots: true,
        sources: { inputs, context in
            [WebSource(urls: inputs, fetcher: context.fetcher, memory: context.memory, progress: context.progress,
                       robots: context.robots, pictures: context.pictures)]
        }
    )
}
