import CCurl
import Foundation

/// Runs every transfer of the process on one libcurl multi handle, driven by one thread:
/// transfers are added from any task, the thread performs and polls, and each transfer's
/// completion is called on that thread when libcurl says it is done. A thousand transfers are
/// a thousand handles on one thread, not a thousand threads.
final class CurlMultiLoop: @unchecked Sendable {
    static let shared = CurlMultiLoop()

    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var incoming: [CurlTransfer] = []
    private var cancelled: [CurlTransfer] = []
    /// Running transfers by handle address; touched only on the loop thread.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private init() {
        _ = CurlRuntime.version  // curl_global_init before the first handle
        guard let multi = curl_multi_init() else { fatalError("libcurl could not make a multi handle") }
        self.multi = multi
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "larder-curl"
        thread.start()
    }

    func start(_ transfer: CurlTransfer) {
        lock.withLock { incoming.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func cancel(_ transfer: CurlTransfer) {
        lock.withLock { cancelled.append(transfer) }
        curl_multi_wakeup(multi)
    }

    private func loop() {
        while true {
            let (added, removed) = lock.withLock {
                defer { incoming.removeAll(); cancelled.removeAll() }
                return (incoming, cancelled)
            }
            for transfer in added {
                running[transfer.handle] = transfer
                let code = curl_multi_add_handle(multi, transfer.handle)
                if code != CURLM_OK {
                    running[transfer.handle] = nil
                    let reason = String(cString: curl_multi_strerror(code))
                    transfer.finish(.failure(FetchError.transfer(detail: "libcurl could not start the transfer to \(transfer.url.host ?? "?") (\(reason))")))
                }
            }
            for transfer in removed where running[transfer.handle] === transfer {
                finish(transfer, .failure(CancellationError()))
            }
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                      let transfer = running[handle] else { continue }
                finish(transfer, .success(larder_message_result(message)))
            }
            // Sleeps until a socket is ready, a timer of libcurl's is due, or `wakeup` is called.
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func finish(_ transfer: CurlTransfer, _ result: Result<CURLcode, Error>) {
        curl_multi_remove_handle(multi, transfer.handle)
        running[transfer.handle] = nil
        transfer.finish(result)
    }
}
