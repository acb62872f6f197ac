import Geometry
import Gestures
import Motion
import Events

// Ctrl+R and Ctrl+Shift+R: the open photo turns 90° and the turn is kept. The viewer asks the
// shell (`PhotoFileAction.turnClockwise`, `.turnAnticlockwise`); the shell turns the file (a JPEG's
// EXIF orientation, rewritten) and the photo's pictures, and its effect `photoTurned` turns the
// photo here, at one instant for both: the turned picture is drawn turned back by the quarter
// turn (the same picture as the frame before, corner for corner), then the zoom spring carries
// its rotation to 0 and its size to its new fit. A file that is not a JPEG turns for the session
// and, when it can be written, the next key `w` asks the shell to write it (`writeTurn`); any
// other key leaves it turned for this session only.
extension Viewer {
    /// Asks the shell to turn the open photo a quarter turn: while it rests, is zoomed or is still
    /// turning (a second Ctrl+R mid-turn turns on from where it is); a photo flying to or from its
    /// cell, held or paging is not turned.
    mutating func requestTurn(clockwise: Bool) {
        guard let s = session, isTurnable(s), photos.indices.contains(s.photo) else { return }
        requests.append(.photoFile(clockwise ? .turnClockwise : .turnAnticlockwise, photo: s.photo, name: photos[s.photo].name))
    }

    /// True when `s` rests, is zoomed, or turns or opens within `landedProgressShare` of its open
    /// frame (`hasLanded`; the state log's phase reads `opening` while a turn's spring runs).
    func isTurnable(_ s: PhotoSession) -> Bool {
        hasLanded(s)
    }

    /// The key after a turn that asked to be written: `w` asks the shell to write it; true when
    /// the key was that answer.
    mutating func answerTurnPrompt(_ key: String, modifiers: Modifiers) -> Bool {
        guard let awaiting = turnAwaitingWrite else { return false }
        turnAwaitingWrite = nil
        guard key == "w", modifiers.isEmpty, photos.indices.contains(awaiting.photo), photos[awaiting.photo].name == awaiting.name else { return false }
        requests.append(.photoFile(.writeTurn, photo: awaiting.photo, name: awaiting.name))
        return true
    }

    /// Photo `photo` turned by `quarterTurns` × 90° clockwise (negative: anticlockwise): its size
    /// swaps sides (an odd turn); the open photo keeps its drawn picture at this instant and turns
    /// on the zoom spring to its new fit (a zoomed photo goes back to its fit as it turns).
    /// `asksToWrite`: the next key may confirm writing the turn into its file.
    package mutating func turn(_ photo: Int, by quarterTurns: Int, asksToWrite: Bool) {
        turnAwaitingWrite = nil
        guard photos.indices.contains(photo) else { return }
        if asksToWrite { turnAwaitingWrite = (photo, photos[photo].name) }
        let k = ((quarterTurns % 4) + 4) % 4
        guard k != 0 else { return }
        let odd = k % 2 == 1
        let oldFull = fullPose(photo)
        if odd {
            let size = photos[photo].pixelSize
            photos[photo].pixelSize = Size(size.height, size.width)
        }
        notes.append(.referenceChanged(.photoTurned(index: photo, quarterTurns: quarterTurns), time: time))
        // The new picture turned back by the turn is the old one: sides swapped, rotation less the turn.
        let angle = -Double(quarterTurns) * Double.pi / 2
        guard let s = session, s.photo == photo else {
            turnOnTheStrip(photo, odd: odd, angle: angle, oldFull: oldFull)
            refreshFlightTarget()
            return
        }
        let resting = isTurnable(s)
        let full = fullPose(photo)
        withPhoto { [feel] s in
            if resting { s.releaseDriverIntoPose() }
            s.transition.remap(position: { p in
                var p = p
                if odd { p.size = Size(p.size.height, p.size.width) }
                p.rotation += angle
                return p
            }, rate: { v in
                var v = v
                if odd { v.size = Size(v.size.height, v.size.width) }
                return v
            })
            if resting { s.transition.head(to: full, destination: .open, role: .zoom, feel: feel, progress: 1) }
        }
        // Flying (it began to close or open since the key): its own flight takes the turn home.
        if !resting { refreshFlightTarget() }
        wakeCaption()
    }

    /// A photo on the paging strip that is not the open one turned (a turn asked for just before a
    /// page turned away from it): it keeps its drawn picture at this instant, as the open photo
    /// does, and springs upright to its new fit in its slot (`Pager.leaving`), instead of being
    /// drawn at its new shape at once.
    private mutating func turnOnTheStrip(_ photo: Int, odd: Bool, angle: Double, oldFull: PhotoPose) {
        let full = fullPose(photo)
        withPhoto { [feel] s in
            let open = s.photo
            _ = s.withPager { pager, _ in
                let i = pager.leaving.firstIndex { $0.photo == photo }
                guard i != nil || abs(photo - open) <= 1 else { return }
                var pose = i.map { pager.leaving[$0].pose }
                    ?? SpringAnimation(value: oldFull, spring: feel.zoomSpring,
                                       restTolerance: PhotoPose.restTolerance, restVelocityTolerance: PhotoPose.restVelocityTolerance)
                var value = pose.value, velocity = pose.velocity
                if odd {
                    value.size = Size(value.size.height, value.size.width)
                    velocity.size = Size(velocity.size.height, velocity.size.width)
                }
                value.rotation += angle
                pose.jump(to: value, velocity: velocity)
                pose.retarget(to: full, spring: feel.zoomSpring)
                if let i { pager.leaving[i].pose = pose } else { pager.leaving.append(Pager.Leaving(photo: photo, pose: pose)) }
            }
        }
    }
}
