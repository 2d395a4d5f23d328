import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(0)
# a tiny CNN for 8x8 single-channel images, 3 classes
model = nn.Sequential(
    nn.Conv2d(1, 4, kernel_size=3, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Conv2d(4, 8, kernel_size=3),
    nn.ReLU(),
    nn.Flatten(),
    nn.Linear(8 * 2 * 2, 3),
)
print(model)
images = torch.randn(16, 1, 8, 8)
labels = torch.randint(0, 3, (16,))
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

for epoch in range(5):
    optimizer.zero_grad()
    outputs = model(images)
    loss = criterion(outputs, labels)
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")

with torch.no_grad():
    predicted = model(images).argmax(dim=1)
print((predicted == labels).sum().item(), "of", len(labels))
model[0].bias
