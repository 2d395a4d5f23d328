import torch
torch.manual_seed(0)
true_w = torch.tensor([2, -3.4])
true_b = 4.2
features = torch.randn(20, 2)
labels = torch.matmul(features, true_w) + true_b
labels = labels.reshape((-1, 1))
w = torch.zeros((2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
for epoch in range(5):
    for i in range(0, 20, 5):
        X = features[i:i + 5]
        y = labels[i:i + 5]
        y_hat = torch.matmul(X, w) + b
        l = (y_hat - y.reshape(y_hat.shape)) ** 2 / 2
        l.sum().backward()
        with torch.no_grad():
            for param in [w, b]:
                param -= lr * param.grad / 5
                param.grad.zero_()
    with torch.no_grad():
        train_l = ((torch.matmul(features, w) + b - labels) ** 2 / 2).mean()
        print(f'epoch {epoch + 1}, loss {float(train_l):f}')
w
b
