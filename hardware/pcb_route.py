"""A small maze router for the carrier board (gen_pcb.py): two layers on a 0.5 mm grid,
A* per connection, nets grown pad by pad from the nearest one (a Prim tree).

Why our own: KiCad 6 has no autorouter and FreeRouting needs Java; the board is regular
(connectors on the edges, a few ICs), so a grid router does it in seconds. The rules it
keeps, with the margins the design-rule test then checks: 0.25 mm signal tracks, 0.7 mm
power tracks, 0.2 mm clearance, vias 0.7/0.3 mm, 1 mm from the board's edge. F.Cu runs
mostly across, B.Cu mostly down. A connection with no path is left out and counted
(DRC's "unconnected" report lists it).
"""
import heapq

GRID = 0.5
WIDE = ("GND", "+5V", "+3V3", "+3V3_READERS", "VSYS")
CLEAR = 0.2
TRACK, POWER, VIA, VIA_DRILL = 0.25, 0.7, 0.7, 0.3
MARGIN = 0.1            # the clearance is kept at cell centres; the segment between gets this
EDGE = 1.0
FREE, NOBODY = -1, -2


class Grid:
    def __init__(self, w, h):
        self.nx, self.ny = int(w / GRID) + 1, int(h / GRID) + 1
        n = 2 * self.nx * self.ny
        self.owner = [FREE] * n                 # tracks and vias laid so far
        self.block_n = [FREE] * n               # near pads: FREE, the one net allowed, NOBODY
        self.block_w = [FREE] * n
        self.via_ok = [True] * (self.nx * self.ny)
        for j in range(self.ny):
            for i in range(self.nx):
                x, y = i * GRID, j * GRID
                if min(x, y, w - x, h - y) < EDGE:
                    for layer in (0, 1):
                        k = self.at(layer, i, j)
                        self.block_n[k] = self.block_w[k] = NOBODY

    def at(self, layer, i, j):
        return (layer * self.ny + j) * self.nx + i

    def mark(self, arr, k, net):
        v = arr[k]
        if v == FREE:
            arr[k] = net
        elif v != net:
            arr[k] = NOBODY

    def pad(self, box, layers, net, round_, hole):
        """Block the cells too close to a pad (for other nets); returns its own cells."""
        x0, y0, x1, y1 = box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        reach = CLEAR + POWER / 2 + MARGIN
        inside = []
        for j in range(max(0, int((y0 - reach) / GRID)), min(self.ny, int((y1 + reach) / GRID) + 2)):
            for i in range(max(0, int((x0 - reach) / GRID)), min(self.nx, int((x1 + reach) / GRID) + 2)):
                x, y = i * GRID, j * GRID
                dx, dy = max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)
                d = (dx * dx + dy * dy) ** 0.5
                if d < CLEAR + VIA / 2 + 0.3 or (hole and ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < 1.3):
                    self.via_ok[j * self.nx + i] = False
                for layer in layers:
                    k = self.at(layer, i, j)
                    who = net if net is not None else NOBODY
                    if d < CLEAR + TRACK / 2 + MARGIN:
                        self.mark(self.block_n, k, who)
                    if d < CLEAR + POWER / 2 + MARGIN:
                        self.mark(self.block_w, k, who)
                if net is None:
                    continue
                r = min(x1 - x0, y1 - y0) / 2 - 0.05
                if round_:
                    ok = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= r
                else:
                    ok = x0 + 0.05 <= x <= x1 - 0.05 and y0 + 0.05 <= y <= y1 - 0.05
                if ok:
                    inside += [(layer, i, j) for layer in layers]
        return inside


def route(pcbnew, board, attempts=3):
    """Route every net of `board` (tracks and vias added to it); returns the number of
    connections left unrouted. A net that fails goes first in the next attempt (up to
    `attempts`); the attempt with the fewest failures is kept."""
    first, best = [], None
    for _ in range(attempts):
        ops, failed_nets, failed = _route_once(pcbnew, board, first)
        if best is None or failed < best[1]:
            best = (ops, failed)
        if not failed:
            break
        first = failed_nets + [n for n in first if n not in failed_nets]
    for op in best[0]:
        op(board)
    return best[1]


def _route_once(pcbnew, board, first):
    p = pcbnew
    box = board.GetBoardEdgesBoundingBox()
    g = Grid(p.ToMM(box.GetWidth()), p.ToMM(box.GetHeight()))
    pads_of = {}
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            bb = pad.GetBoundingBox()
            b = (p.ToMM(bb.GetX()), p.ToMM(bb.GetY()), p.ToMM(bb.GetRight()), p.ToMM(bb.GetBottom()))
            smd = pad.GetAttribute() == p.PAD_ATTRIB_SMD
            npth = pad.GetAttribute() == p.PAD_ATTRIB_NPTH
            net = pad.GetNetCode() if pad.GetNetname() and not npth else None
            cells = g.pad(b, (0,) if smd else (0, 1), net, pad.GetShape() != p.PAD_SHAPE_RECT,
                          not smd)
            if net is not None:
                pads_of.setdefault(net, []).append(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, cells))
    names = {n: board.FindNet(n).GetNetname() for n in pads_of}
    order = sorted(pads_of, key=lambda n: (n not in first, first.index(n) if n in first else 0,
                                            names[n] not in WIDE, _span(pads_of[n]), names[n]))
    failed, failed_nets, ops = 0, [], []
    for net in order:
        pads = pads_of[net]
        if len(pads) < 2:
            continue
        wide = names[net] in WIDE
        tree = set(pads[0][2])
        todo = pads[1:]
        while todo:
            tx = sum(c[1] for c in tree) / len(tree) * GRID
            ty = sum(c[2] for c in tree) / len(tree) * GRID
            todo.sort(key=lambda q: abs(q[0] - tx) + abs(q[1] - ty))
            target = todo.pop(0)
            path = _astar(g, net, wide, tree, set(target[2]), target[0], target[1])
            use_wide = wide
            if path is None and wide:          # a power pin among fine-pitch pins: go narrow
                path, use_wide = _astar(g, net, False, tree, set(target[2]), target[0], target[1]), False
            if path is None:
                failed += 1
                failed_nets.append(net)
                tree |= set(target[2])        # its own pads still count as reached
                continue
            _lay(p, ops, g, net, use_wide, path)
            tree |= set(path) | set(target[2])
    return ops, failed_nets, failed


def _span(pads):
    xs, ys = [q[0] for q in pads], [q[1] for q in pads]
    return max(xs) - min(xs) + max(ys) - min(ys)


def _free(g, net, wide, layer, i, j):
    if not (0 <= i < g.nx and 0 <= j < g.ny):
        return False
    k = g.at(layer, i, j)
    blk = (g.block_w if wide else g.block_n)[k]
    if blk != FREE and blk != net:
        return False
    if not wide:
        return g.owner[k] in (FREE, net)
    for dj in (-1, 0, 1):
        for di in (-1, 0, 1):
            if 0 <= i + di < g.nx and 0 <= j + dj < g.ny:
                if g.owner[g.at(layer, i + di, j + dj)] not in (FREE, net):
                    return False
    return True


def _via_free(g, net, i, j):
    if not g.via_ok[j * g.nx + i]:
        return False
    for layer in (0, 1):
        if g.block_w[g.at(layer, i, j)] not in (FREE, net):
            return False
        for dj in (-1, 0, 1):
            for di in (-1, 0, 1):
                if 0 <= i + di < g.nx and 0 <= j + dj < g.ny:
                    if g.owner[g.at(layer, i + di, j + dj)] not in (FREE, net):
                        return False
    return True


def _astar(g, net, wide, sources, targets, tx, ty, limit=400000):
    ti, tj = tx / GRID, ty / GRID
    best = {}
    heap = []
    for s in sources:
        if wide and not _free(g, net, True, *s):
            continue                          # a narrow stretch of the tree: not a start
        best[s] = 0
        heapq.heappush(heap, (abs(s[1] - ti) + abs(s[2] - tj), 0, s, None))
    came = {}
    n = 0
    while heap:
        f, cost, node, prev = heapq.heappop(heap)
        if cost > best.get(node, 1e18):
            continue
        if node not in came:
            came[node] = prev
        if node in targets:
            path = [node]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return path[::-1]
        n += 1
        if n > limit:
            return None
        layer, i, j = node
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
        for di, dj in steps:
            ni, nj = i + di, j + dj
            nxt = (layer, ni, nj)
            if nxt not in targets and not _free(g, net, wide, layer, ni, nj):
                continue
            if nxt in targets and not (0 <= ni < g.nx and 0 <= nj < g.ny):
                continue
            across = di != 0
            c = cost + (1 if across == (layer == 0) else 3)
            if c < best.get(nxt, 1e18):
                best[nxt] = c
                came.pop(nxt, None)
                came_prev = node
                heapq.heappush(heap, (c + abs(ni - ti) + abs(nj - tj), c, nxt, came_prev))
        other = (1 - layer, i, j)
        if _via_free(g, net, i, j) and (other in targets or _free(g, net, wide, 1 - layer, i, j)) \
                and cost + 12 < best.get(other, 1e18):
            best[other] = cost + 12
            came.pop(other, None)
            heapq.heappush(heap, (cost + 12 + abs(i - ti) + abs(j - tj), cost + 12, other, node))
    return None


def _lay(p, ops, g, net, wide, path):
    """Tracks (straight runs merged) and vias for a path of grid cells, as functions of
    the board put in `ops`; the cells taken."""
    width = p.FromMM(POWER if wide else TRACK)

    def pt(i, j):
        return p.wxPointMM(i * GRID, j * GRID)

    def take(layer, i, j, ring):
        for dj in ((-1, 0, 1) if ring else (0,)):
            for di in ((-1, 0, 1) if ring else (0,)):
                if 0 <= i + di < g.nx and 0 <= j + dj < g.ny:
                    k = g.at(layer, i + di, j + dj)
                    if g.owner[k] == FREE:
                        g.owner[k] = net
    for layer, i, j in path:
        take(layer, i, j, wide)
    run = [path[0]]
    for a, b in zip(path, path[1:]):
        if a[0] != b[0]:                       # a via
            ops.append(lambda board, at=(a[1], a[2]): _via(p, board, pt(*at), net))
            take(0, a[1], a[2], True)
            take(1, a[1], a[2], True)
            _segment(p, ops, run, width, net, pt)
            run = [b]
            continue
        if len(run) >= 2 and (run[-1][1] - run[-2][1], run[-1][2] - run[-2][2]) != (b[1] - a[1], b[2] - a[2]):
            _segment(p, ops, run, width, net, pt)
            run = [a]
        run.append(b)
    _segment(p, ops, run, width, net, pt)


def _via(p, board, at, net):
    v = p.PCB_VIA(board)
    v.SetPosition(at)
    v.SetWidth(p.FromMM(VIA))
    v.SetDrill(p.FromMM(VIA_DRILL))
    v.SetLayerPair(p.F_Cu, p.B_Cu)
    v.SetNet(board.FindNet(net))
    board.Add(v)


def _segment(p, ops, run, width, net, pt):
    if len(run) < 2:
        return
    ops.append(lambda board, run=list(run): _track(p, board, run, width, net, pt))


def _track(p, board, run, width, net, pt):
    t = p.PCB_TRACK(board)
    t.SetStart(pt(run[0][1], run[0][2]))
    t.SetEnd(pt(run[-1][1], run[-1][2]))
    t.SetWidth(width)
    t.SetLayer(p.F_Cu if run[0][0] == 0 else p.B_Cu)
    t.SetNet(board.FindNet(net))
    board.Add(t)
